import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * Chooses the base image the build puts the production jar on, and writes the choice to
 * {@code <build dir>/image/base.properties} ({@code image.from}, {@code image.tar}), which the app build hands to
 * Jib. Run by the build as a single-file program on the build's own JDK, so it needs nothing else:
 * {@code java BaseImage.java <configured base> <pinned default base> <build dir>}.
 *
 * <ul>
 *   <li>The configured base (the pinned default, or {@code -Dimage.base=...}) when its registry answers: the image
 *       is {@code enclave-image.tar}, the one to push.</li>
 *   <li>A base given as {@code tar://...}: used as it is.</li>
 *   <li>The pinned default when its registry cannot be reached (an offline machine, CI here): a base assembled
 *       offline from this JDK ({@code jlink}, the C libraries it links, a {@code nonroot} user 65532), so the suite
 *       can still build and run the image. That image is {@code enclave-image-offline-base.tar}: for tests only,
 *       never to push. With {@code -Dimage.offline-base=false} the build fails instead.</li>
 *   <li>An overridden base that cannot be reached fails the build: nobody asked for a substitute.</li>
 * </ul>
 */
public final class BaseImage {

    static final String OFFLINE_TAG = "enclave-offline-base:jdk-" + Runtime.version().feature();
    static final String JRE_HOME = "usr/lib/jvm/enclave-offline-jre";
    static final int NONROOT = 65532;
    private static final List<String> MODULES = List.of("java.base", "java.compiler", "java.desktop",
            "java.logging", "java.management", "java.naming", "java.net.http", "java.security.jgss", "java.sql",
            "java.xml", "jdk.crypto.ec", "jdk.jfr", "jdk.management", "jdk.naming.dns", "jdk.unsupported",
            "jdk.zipfs");
    /** Native libraries of the desktop module that a headless server never loads: their X11 deps stay out. */
    private static final Pattern DESKTOP_ONLY = Pattern.compile(
            "lib(awt_xawt|jawt|splashscreen|jsound|fontmanager|lcms|javajpeg|mlib_image|awt_headless)\\.so");
    private static final Pattern LDD_PATH = Pattern.compile("(?:=>\\s*)?(/\\S+)\\s+\\(0x");
    private static final int CONNECT_MILLIS = 3000;

    private BaseImage() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: java BaseImage.java <configured base> <pinned default base> <build dir>");
            System.exit(2);
        }
        String configured = args[0].trim();
        String pinned = args[1].trim();
        Path imageDir = Path.of(args[2]).toAbsolutePath().resolve("image");
        Files.createDirectories(imageDir);
        Properties choice = new Properties();
        if (configured.startsWith("tar://") || reachable(registryHost(configured))) {
            choice.setProperty("image.from", configured);
            choice.setProperty("image.tar", imageDir.resolveSibling("enclave-image.tar").toString());
            System.out.println("[image] base " + configured);
        } else if (!configured.equals(pinned)) {
            fail("the base image " + configured + " is not reachable (" + registryHost(configured) + ")");
        } else if ("false".equalsIgnoreCase(System.getProperty("image.offline-base", "true"))) {
            fail("the pinned base image's registry " + registryHost(pinned) + " is not reachable, and "
                    + "-Dimage.offline-base=false forbids assembling one offline");
        } else {
            Path tar = assembleOffline(imageDir);
            choice.setProperty("image.from", "tar://" + tar);
            choice.setProperty("image.tar", imageDir.resolveSibling("enclave-image-offline-base.tar").toString());
            System.out.println("[image] WARNING: " + registryHost(pinned) + " is not reachable: the image is built "
                    + "on a base assembled offline from this JDK (" + System.getProperty("java.home") + "), "
                    + "for tests only. It is target/enclave-image-offline-base.tar; do not push it.");
        }
        try (OutputStream out = Files.newOutputStream(imageDir.resolve("base.properties"))) {
            choice.store(out, "written by app/src/image/BaseImage.java");
        }
    }

    /** The registry a reference names: its first part when that is a host, else Docker Hub. */
    static String registryHost(String reference) {
        int slash = reference.indexOf('/');
        String first = slash < 0 ? "" : reference.substring(0, slash);
        boolean host = first.contains(".") || first.contains(":") || first.equals("localhost");
        String registry = host ? first : "registry-1.docker.io";
        return registry.contains(":") ? registry : registry + ":443";
    }

    /** Whether a TCP connection to the registry opens (a proxy in the environment counts as a way there). */
    static boolean reachable(String hostAndPort) {
        if (System.getenv("HTTPS_PROXY") != null || System.getenv("https_proxy") != null
                || System.getProperty("https.proxyHost") != null) {
            return true;
        }
        int colon = hostAndPort.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            InetAddress address = InetAddress.getByName(hostAndPort.substring(0, colon));
            socket.connect(new InetSocketAddress(address, Integer.parseInt(hostAndPort.substring(colon + 1))),
                    CONNECT_MILLIS);
            return true;
        } catch (IOException unreachable) {
            return false;
        }
    }

    /**
     * A docker-save tarball of one layer: a jlink runtime of this JDK, the C libraries it links (as {@code ldd}
     * lists them; without ldd the runtime alone, which a container cannot start but the tests' JDK fallback does
     * not need), a {@code nonroot} user and a world-writable {@code /tmp}. Reused while this JDK is the same.
     */
    static Path assembleOffline(Path imageDir) throws IOException, InterruptedException {
        Path tar = imageDir.resolve("offline-base.tar");
        Path stamp = imageDir.resolve("offline-base.stamp");
        String jdk = System.getProperty("java.home") + " " + Runtime.version();
        if (Files.isRegularFile(tar) && Files.isRegularFile(stamp) && Files.readString(stamp).equals(jdk)) {
            System.out.println("[image] reusing the offline base " + tar);
            return tar;
        }
        Path jre = imageDir.resolve("offline-jre");
        deleteRecursively(jre);
        ToolProvider jlink = ToolProvider.findFirst("jlink")
                .orElseThrow(() -> new IllegalStateException("this JDK has no jlink to assemble an offline base"));
        int status = jlink.run(System.out, System.err, "--add-modules", String.join(",", MODULES),
                "--strip-debug", "--no-man-pages", "--no-header-files", "--output", jre.toString());
        if (status != 0) {
            fail("jlink failed with status " + status);
        }
        Path layer = imageDir.resolve("offline-base-layer.tar");
        try (Tar out = new Tar(Files.newOutputStream(layer))) {
            for (String dir : List.of("etc", "home", "lib", "lib64", "tmp", "usr", "usr/lib", "usr/lib/jvm")) {
                out.directory(dir, dir.equals("tmp") ? 01777 : 0755, 0);
            }
            out.directory("home/nonroot", 0700, NONROOT);
            out.file("etc/passwd", ("root:x:0:0:root:/root:/sbin/nologin\n"
                    + "nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n").getBytes(StandardCharsets.UTF_8));
            out.file("etc/group", "root:x:0:\nnonroot:x:65532:\n".getBytes(StandardCharsets.UTF_8));
            out.tree(jre, JRE_HOME);
            for (Path library : linkedLibraries(jre)) {
                String inImage = library.toString().substring(1);
                Path parent = Path.of(inImage).getParent();
                for (int i = 1; i <= parent.getNameCount(); i++) {
                    out.directory(parent.subpath(0, i).toString(), 0755, 0);
                }
                out.file(inImage, Files.readAllBytes(library.toRealPath()), 0755);
            }
        }
        String diffId = "sha256:" + sha256(layer);
        String arch = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "amd64";
            case "aarch64", "arm64" -> "arm64";
            default -> System.getProperty("os.arch");
        };
        String config = """
                {"architecture":"%s","os":"linux","created":"1970-01-01T00:00:00Z",
                 "config":{"User":"65532","Env":["PATH=/%s/bin:/usr/local/bin:/usr/bin:/bin","JAVA_HOME=/%s"]},
                 "rootfs":{"type":"layers","diff_ids":["%s"]},
                 "history":[{"created":"1970-01-01T00:00:00Z",
                             "created_by":"app/src/image/BaseImage.java: jlink of %s"}]}
                """.formatted(arch, JRE_HOME, JRE_HOME, diffId, Runtime.version()).replace("\n", "");
        String configName = sha256(config.getBytes(StandardCharsets.UTF_8)) + ".json";
        String manifest = "[{\"Config\":\"" + configName + "\",\"RepoTags\":[\"" + OFFLINE_TAG
                + "\"],\"Layers\":[\"layer.tar\"]}]";
        try (Tar out = new Tar(Files.newOutputStream(tar))) {
            out.file(configName, config.getBytes(StandardCharsets.UTF_8));
            out.file("manifest.json", manifest.getBytes(StandardCharsets.UTF_8));
            out.file("layer.tar", layer, 0644);
        }
        Files.delete(layer);
        Files.writeString(stamp, jdk);
        System.out.println("[image] assembled the offline base " + tar + " (" + Files.size(tar) / (1 << 20) + " MB)");
        return tar;
    }

    /** Every C library the runtime's executables and headless libraries link, with the dynamic loader. */
    static List<Path> linkedLibraries(Path jre) throws IOException, InterruptedException {
        List<Path> objects = new ArrayList<>();
        objects.add(jre.resolve("bin/java"));
        try (Stream<Path> files = Files.walk(jre.resolve("lib"))) {
            files.filter(f -> f.getFileName().toString().endsWith(".so"))
                    .filter(f -> !DESKTOP_ONLY.matcher(f.getFileName().toString()).matches())
                    .forEach(objects::add);
        }
        TreeSet<String> libraries = new TreeSet<>();
        for (Path object : objects) {
            Process ldd;
            try {
                ldd = new ProcessBuilder("ldd", object.toString()).redirectErrorStream(true).start();
            } catch (IOException noLdd) {
                System.out.println("[image] no ldd here: the offline base holds the runtime without its C libraries");
                return List.of();
            }
            String output = new String(ldd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            ldd.waitFor(30, TimeUnit.SECONDS);
            Matcher path = LDD_PATH.matcher(output);
            while (path.find()) {
                if (!path.group(1).startsWith(jre.toString())) {
                    libraries.add(path.group(1));
                }
            }
        }
        return libraries.stream().map(Path::of).toList();
    }

    static String sha256(Path file) throws IOException {
        MessageDigest digest = sha256();
        try (InputStream in = Files.newInputStream(file);
             OutputStream sink = new DigestOutputStream(OutputStream.nullOutputStream(), digest)) {
            in.transferTo(sink);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void fail(String message) {
        System.err.println("[image] ERROR: " + message);
        System.exit(1);
    }

    /** A POSIX ustar writer: directories, regular files, owner root unless told; timestamps zero. */
    static final class Tar implements AutoCloseable {

        private final OutputStream out;
        private final java.util.Set<String> written = new java.util.HashSet<>();

        Tar(OutputStream out) {
            this.out = new java.io.BufferedOutputStream(out, 1 << 16);
        }

        void directory(String name, int mode, int owner) throws IOException {
            if (written.add(name + "/")) {
                header(name + "/", 0, mode, owner, '5');
            }
        }

        void file(String name, byte[] content) throws IOException {
            file(name, content, 0644);
        }

        void file(String name, byte[] content, int mode) throws IOException {
            header(name, content.length, mode, 0, '0');
            out.write(content);
            pad(content.length);
        }

        void file(String name, Path content, int mode) throws IOException {
            long size = Files.size(content);
            header(name, size, mode, 0, '0');
            try (InputStream in = Files.newInputStream(content)) {
                in.transferTo(out);
            }
            pad(size);
        }

        /** {@code root} and everything under it, at {@code into}; executables keep their execute bits. */
        void tree(Path root, String into) throws IOException {
            List<Path> entries;
            try (Stream<Path> files = Files.walk(root)) {
                entries = files.sorted().toList();
            }
            for (Path entry : entries) {
                String name = root.relativize(entry).toString();
                String target = name.isEmpty() ? into : into + "/" + name;
                if (Files.isDirectory(entry)) {
                    directory(target, 0755, 0);
                } else {
                    file(target, entry, Files.isExecutable(entry) ? 0755 : 0644);
                }
            }
        }

        private void header(String name, long size, int mode, int owner, char type) throws IOException {
            byte[] header = new byte[512];
            String prefix = "";
            String rest = name;
            if (name.length() > 100) {
                int split = name.lastIndexOf('/', Math.min(name.length() - 2, 155));
                if (split < 0 || name.length() - split - 1 > 100) {
                    throw new IOException("path too long for ustar: " + name);
                }
                prefix = name.substring(0, split);
                rest = name.substring(split + 1);
            }
            put(header, 0, 100, rest);
            put(header, 100, 8, octal(mode, 7));
            put(header, 108, 8, octal(owner, 7));
            put(header, 116, 8, octal(owner, 7));
            put(header, 124, 12, octal(size, 11));
            put(header, 136, 12, octal(0, 11));
            java.util.Arrays.fill(header, 148, 156, (byte) ' ');
            header[156] = (byte) type;
            put(header, 257, 6, "ustar");
            put(header, 263, 2, "00");
            put(header, 345, 155, prefix);
            long sum = 0;
            for (byte b : header) {
                sum += b & 0xff;
            }
            put(header, 148, 8, octal(sum, 6) + "\0 ");
            out.write(header);
        }

        private void pad(long size) throws IOException {
            int rest = (int) (size % 512);
            if (rest != 0) {
                out.write(new byte[512 - rest]);
            }
        }

        private static String octal(long value, int digits) {
            return String.format(Locale.ROOT, "%0" + digits + "o", value);
        }

        private static void put(byte[] header, int offset, int length, String value) {
            byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(bytes, 0, header, offset, Math.min(bytes.length, length));
        }

        @Override
        public void close() throws IOException {
            out.write(new byte[1024]);
            out.close();
        }
    }
}
