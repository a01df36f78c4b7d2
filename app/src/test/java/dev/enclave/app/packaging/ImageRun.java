package dev.enclave.app.packaging;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The image's configured entrypoint, running: in a container with podman where podman can run one on this machine
 * (read-only root filesystem, its own user, no capabilities, a memory limit), otherwise from the image's unpacked
 * layers on this JDK — the entrypoint's own arguments and environment, with {@code java} being this JDK's. Either
 * way on the host's network, so it reaches the local sandbox on loopback. {@code ENCLAVE_IMAGE_IT_PODMAN=false} takes
 * the second way where podman works too.
 */
abstract sealed class ImageRun implements AutoCloseable {

    static final String HEALTH_PROBE = "dev.enclave.app.infra.startup.HealthProbe";
    /** Lowered below any host's limits: raising them needs a capability a sandboxed root may not have. */
    private static final List<String> LIMITS = List.of("--ulimit", "nofile=4096:4096", "--ulimit", "nproc=4096:4096");

    final Process process;
    final Path log;

    private ImageRun(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts the image with {@code environment} on top of its own, logging to {@code log}. */
    static ImageRun start(ImageTarball image, Map<String, String> environment, Path log, Path workDir)
            throws IOException, InterruptedException {
        Podman.Usable podman = Podman.probe(image);
        if (podman.runtime().isPresent()) {
            return InPodman.start(podman, environment, log);
        }
        System.out.println("[ImageIT] " + podman.reason() + "; running the entrypoint from the unpacked layers on "
                + "this JDK instead");
        return OnThisJdk.start(image, environment, log, workDir);
    }

    /** How it runs, for the test report. */
    abstract String how();

    /** Whether the container has a memory limit, so the JVM's heap is sized from it. */
    abstract Optional<Long> memoryLimitBytes();

    /** The exit status of the image's health check command against the server on {@code port}. */
    abstract int healthProbe(int port) throws IOException, InterruptedException;

    /** Sends SIGTERM and waits for the exit status. */
    abstract int stop() throws IOException, InterruptedException;

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** The image's server, to wait on. */
    LaunchedServer launched() {
        return new LaunchedServer(process, log);
    }

    static ProcessResult run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Path output = Files.createTempFile("image-run", ".txt");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                return new ProcessResult(-1, "timed out after " + timeoutSeconds + " s: " + command);
            }
            return new ProcessResult(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    record ProcessResult(int status, String output) {
    }

    /** Podman, when it is installed and can run this image here. */
    static final class Podman {

        record Usable(Optional<List<String>> runtime, String image, boolean memoryLimit, String reason) {
        }

        private Podman() {
        }

        static Usable probe(ImageTarball image) throws IOException, InterruptedException {
            if ("false".equalsIgnoreCase(System.getenv("ENCLAVE_IMAGE_IT_PODMAN"))) {
                return new Usable(Optional.empty(), "", false, "ENCLAVE_IMAGE_IT_PODMAN=false");
            }
            ProcessResult version;
            try {
                version = run(List.of("podman", "--version"), 30);
            } catch (IOException notInstalled) {
                return new Usable(Optional.empty(), "", false, "podman is not installed");
            }
            if (version.status() != 0) {
                return new Usable(Optional.empty(), "", false, "podman --version failed: " + version.output());
            }
            ProcessResult load = run(List.of("podman", "load", "-q", "-i", image.path().toString()), 300);
            if (load.status() != 0) {
                return new Usable(Optional.empty(), "", false, "podman load failed: " + load.output().strip());
            }
            String loaded = load.output().lines().filter(l -> l.startsWith("Loaded image"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse(image.reference());
            List<List<String>> runtimes = new ArrayList<>(List.of(List.of()));
            if (run(List.of("sh", "-c", "command -v runc"), 10).status() == 0) {
                runtimes.add(List.of("--runtime", "runc"));
            }
            String reason = "";
            for (boolean memory : List.of(true, false)) {
                for (List<String> runtime : runtimes) {
                    List<String> command = new ArrayList<>(List.of("podman"));
                    command.addAll(runtime);
                    command.addAll(List.of("run", "--rm", "--read-only", "--network=host"));
                    command.addAll(LIMITS);
                    if (memory) {
                        command.add("--memory=1g");
                    }
                    command.addAll(List.of("--entrypoint", "java", loaded, "-version"));
                    ProcessResult tried = run(command, 120);
                    if (tried.status() == 0) {
                        return new Usable(Optional.of(runtime), loaded, memory, "");
                    }
                    reason = "podman cannot run a container here (" + String.join(" ", command) + "): "
                            + tried.output().strip();
                }
            }
            return new Usable(Optional.empty(), loaded, false, reason);
        }
    }

    static final class InPodman extends ImageRun {

        private final List<String> podman;
        private final String name;
        private final boolean memoryLimit;

        private InPodman(Process process, Path log, List<String> podman, String name, boolean memoryLimit) {
            super(process, log);
            this.podman = podman;
            this.name = name;
            this.memoryLimit = memoryLimit;
        }

        static InPodman start(Podman.Usable usable, Map<String, String> environment, Path log) throws IOException {
            List<String> podman = new ArrayList<>(List.of("podman"));
            podman.addAll(usable.runtime().orElseThrow());
            String name = "enclave-image-it-" + UUID.randomUUID().toString().substring(0, 8);
            List<String> command = new ArrayList<>(podman);
            command.addAll(List.of("run", "--rm", "--name", name, "--read-only", "--read-only-tmpfs=false",
                    "--network=host", "--cap-drop=ALL", "--security-opt=no-new-privileges"));
            command.addAll(LIMITS);
            if (usable.memoryLimit()) {
                command.add("--memory=1g");
            }
            environment.forEach((key, value) -> command.addAll(List.of("--env", key + "=" + value)));
            command.add(usable.image());
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            return new InPodman(process, log, podman, name, usable.memoryLimit());
        }

        @Override
        String how() {
            return "in a podman container (" + String.join(" ", podman) + "; read-only root filesystem, "
                    + "no capabilities" + (memoryLimit ? ", 1 GiB memory limit" : "") + ")";
        }

        @Override
        Optional<Long> memoryLimitBytes() {
            return memoryLimit ? Optional.of(1L << 30) : Optional.empty();
        }

        @Override
        int healthProbe(int port) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(podman);
            command.addAll(List.of("exec", "--env", "MICRONAUT_SERVER_PORT=" + port, name, "java",
                    "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-Xmx32m", "-cp", "/app/enclave-app.jar",
                    HEALTH_PROBE));
            ProcessResult probe = run(command, 60);
            System.out.println("[ImageIT] health probe in the container: " + probe.output().strip());
            return probe.status();
        }

        @Override
        int stop() throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(podman);
            command.addAll(List.of("stop", "--time", "40", name));
            run(command, 60);
            return process.waitFor(60, TimeUnit.SECONDS) ? process.exitValue() : -1;
        }

        @Override
        public void close() throws IOException, InterruptedException {
            if (process.isAlive()) {
                List<String> command = new ArrayList<>(podman);
                command.addAll(List.of("rm", "--force", name));
                run(command, 60);
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    static final class OnThisJdk extends ImageRun {

        private final Path root;
        private final Map<String, String> environment;

        private OnThisJdk(Process process, Path log, Path root, Map<String, String> environment) {
            super(process, log);
            this.root = root;
            this.environment = environment;
        }

        static OnThisJdk start(ImageTarball image, Map<String, String> environment, Path log, Path workDir)
                throws IOException {
            Path root = Files.createDirectories(workDir.resolve("rootfs"));
            image.unpack(root);
            List<String> command = new ArrayList<>();
            for (String arg : image.entrypoint()) {
                command.add(arg.equals("java") ? java() : arg.startsWith("/") ? root + arg : arg);
            }
            Map<String, String> env = new HashMap<>(image.environment());
            env.keySet().removeAll(List.of("PATH", "JAVA_HOME"));
            env.putAll(environment);
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().keySet().removeIf(k -> k.startsWith("ENCLAVE_") || k.startsWith("AWS_")
                    || k.startsWith("MICRONAUT_"));
            builder.environment().putAll(env);
            return new OnThisJdk(builder.start(), log, root, env);
        }

        private static String java() {
            return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }

        @Override
        String how() {
            return "from the image's unpacked layers on this JDK (" + java() + ")";
        }

        @Override
        Optional<Long> memoryLimitBytes() {
            return Optional.empty();
        }

        @Override
        int healthProbe(int port) throws IOException, InterruptedException {
            ProcessBuilder builder = new ProcessBuilder(java(), "-XX:TieredStopAtLevel=1", "-cp",
                    root.resolve("app/enclave-app.jar").toString(), HEALTH_PROBE).redirectErrorStream(true);
            builder.environment().putAll(environment);
            builder.environment().put("MICRONAUT_SERVER_PORT", Integer.toString(port));
            Process probe = builder.start();
            String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.println("[ImageIT] health probe: " + output.strip());
            return probe.waitFor(60, TimeUnit.SECONDS) ? probe.exitValue() : -1;
        }

        @Override
        int stop() throws InterruptedException {
            process.destroy();
            return process.waitFor(60, TimeUnit.SECONDS) ? process.exitValue() : -1;
        }

        @Override
        public void close() throws InterruptedException {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
