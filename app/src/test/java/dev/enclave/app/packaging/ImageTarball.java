package dev.enclave.app.packaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * An image as the build wrote it ({@code jib:buildTar}): an OCI image layout in a tar, read with the JDK alone —
 * its configuration (entrypoint, environment, user, ports, labels) and its layers, which can be listed or unpacked.
 */
final class ImageTarball {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path tarball;
    private final JsonNode config;
    private final List<String> layers;

    private ImageTarball(Path tarball, JsonNode config, List<String> layers) {
        this.tarball = tarball;
        this.config = config;
        this.layers = layers;
    }

    static ImageTarball read(Path tarball) throws IOException {
        JsonNode index = JSON.readTree(entry(tarball, "index.json"));
        JsonNode manifest = JSON.readTree(entry(tarball, blob(index.at("/manifests/0/digest").asText())));
        JsonNode config = JSON.readTree(entry(tarball, blob(manifest.at("/config/digest").asText())));
        List<String> layers = new ArrayList<>();
        manifest.get("layers").forEach(layer -> layers.add(blob(layer.get("digest").asText())));
        return new ImageTarball(tarball, config, layers);
    }

    Path path() {
        return tarball;
    }

    /** The name the image is stored under ({@code org.opencontainers.image.ref.name}). */
    String reference() throws IOException {
        return JSON.readTree(entry(tarball, "index.json"))
                .at("/manifests/0/annotations/org.opencontainers.image.ref.name").asText();
    }

    List<String> entrypoint() {
        List<String> entrypoint = new ArrayList<>();
        config.at("/config/Entrypoint").forEach(arg -> entrypoint.add(arg.asText()));
        return entrypoint;
    }

    Map<String, String> environment() {
        Map<String, String> environment = new LinkedHashMap<>();
        config.at("/config/Env").forEach(pair -> {
            String[] parts = pair.asText().split("=", 2);
            environment.put(parts[0], parts.length > 1 ? parts[1] : "");
        });
        return environment;
    }

    String user() {
        return config.at("/config/User").asText();
    }

    List<String> exposedPorts() {
        List<String> ports = new ArrayList<>();
        config.at("/config/ExposedPorts").fieldNames().forEachRemaining(ports::add);
        return ports;
    }

    Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        config.at("/config/Labels").fields().forEachRemaining(l -> labels.put(l.getKey(), l.getValue().asText()));
        return labels;
    }

    /** Every path in the application's layer (the last one, Jib's), without a leading slash. */
    List<String> applicationLayerPaths() throws IOException {
        List<String> paths = new ArrayList<>();
        eachLayerEntry(layers.get(layers.size() - 1), (header, in) -> paths.add(header.name()));
        return paths;
    }

    /** Unpacks every layer's directories and regular files under {@code root} (links and devices are skipped). */
    void unpack(Path root) throws IOException {
        for (String layer : layers) {
            eachLayerEntry(layer, (header, in) -> {
                Path target = root.resolve(header.name()).normalize();
                if (!target.startsWith(root)) {
                    throw new IllegalStateException("an entry outside the root: " + header.name());
                }
                try {
                    if (header.type() == '5') {
                        Files.createDirectories(target);
                    } else if (header.type() == '0' || header.type() == 0) {
                        Files.createDirectories(target.getParent());
                        Files.deleteIfExists(target);
                        try (var out = Files.newOutputStream(target)) {
                            in.transferTo(out);
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private void eachLayerEntry(String layerEntry, EntryVisitor visitor) throws IOException {
        try (InputStream tar = Files.newInputStream(tarball)) {
            Tar outer = new Tar(tar);
            for (Tar.Header header = outer.next(); header != null; header = outer.next()) {
                if (header.name().equals(layerEntry)) {
                    Tar inner = new Tar(new GZIPInputStream(outer.content(), 1 << 16));
                    for (Tar.Header h = inner.next(); h != null; h = inner.next()) {
                        visitor.visit(h, inner.content());
                    }
                    return;
                }
            }
        }
        throw new IOException(layerEntry + " is not in " + tarball);
    }

    private static byte[] entry(Path tarball, String name) throws IOException {
        try (InputStream in = Files.newInputStream(tarball)) {
            Tar tar = new Tar(in);
            for (Tar.Header header = tar.next(); header != null; header = tar.next()) {
                if (header.name().equals(name)) {
                    return tar.content().readAllBytes();
                }
            }
        }
        throw new IOException(name + " is not in " + tarball);
    }

    private static String blob(String digest) {
        return "blobs/" + digest.replace(':', '/');
    }

    @FunctionalInterface
    private interface EntryVisitor {
        void visit(Tar.Header header, InputStream content) throws IOException;
    }

    /** A streaming reader of ustar archives with PAX ({@code path}) and GNU long-name entries. */
    private static final class Tar {

        record Header(String name, long size, char type) {
        }

        private final InputStream in;
        private long remaining;
        private long padding;

        Tar(InputStream in) {
            this.in = in;
        }

        Header next() throws IOException {
            skipRest();
            String longName = null;
            while (true) {
                byte[] block = in.readNBytes(512);
                if (block.length < 512 || isZero(block)) {
                    return null;
                }
                String name = text(block, 0, 100);
                String prefix = text(block, 345, 155);
                long size = Long.parseLong(text(block, 124, 12).trim().isEmpty() ? "0" : text(block, 124, 12).trim(),
                        8);
                char type = (char) block[156];
                remaining = size;
                padding = (512 - size % 512) % 512;
                if (type == 'x' || type == 'L') {
                    String data = new String(in.readNBytes((int) size), StandardCharsets.UTF_8);
                    remaining = 0;
                    skipRest();
                    longName = type == 'L' ? data.replace("\0", "") : paxPath(data, longName);
                    continue;
                }
                if (type == 'g') {
                    skipRest();
                    continue;
                }
                String full = longName != null ? longName : prefix.isEmpty() ? name : prefix + "/" + name;
                return new Header(full.startsWith("./") ? full.substring(2) : full, size, type);
            }
        }

        InputStream content() {
            return new InputStream() {
                @Override
                public int read() throws IOException {
                    if (remaining <= 0) {
                        return -1;
                    }
                    int b = in.read();
                    if (b >= 0) {
                        remaining--;
                    }
                    return b;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    if (remaining <= 0) {
                        return -1;
                    }
                    int read = in.read(buffer, offset, (int) Math.min(length, remaining));
                    if (read > 0) {
                        remaining -= read;
                    }
                    return read;
                }

                @Override
                public void close() {
                    // the archive stays open for the next entry
                }
            };
        }

        private void skipRest() throws IOException {
            in.skipNBytes(remaining + padding);
            remaining = 0;
            padding = 0;
        }

        private static String paxPath(String records, String current) {
            for (String record : records.split("\n")) {
                int space = record.indexOf(' ');
                if (space > 0 && record.startsWith("path=", space + 1)) {
                    return record.substring(space + 6);
                }
            }
            return current;
        }

        private static String text(byte[] block, int offset, int length) {
            int end = offset;
            while (end < offset + length && block[end] != 0) {
                end++;
            }
            return new String(block, offset, end - offset, StandardCharsets.UTF_8);
        }

        private static boolean isZero(byte[] block) {
            for (byte b : block) {
                if (b != 0) {
                    return false;
                }
            }
            return true;
        }
    }
}
