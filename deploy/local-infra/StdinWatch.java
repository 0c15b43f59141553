/**
 * Runs another main class and exits (normally, so shutdown hooks run) when stdin reaches EOF.
 *
 * <pre>
 *   java -cp 'watch-classes:libs/*' StdinWatch kafka.Kafka server.properties
 * </pre>
 *
 * libs/local-infra starts the Java processes with stdin as a pipe from Node: when the Node
 * process ends in any way, even SIGKILL, the pipe closes and the broker shuts itself down
 * instead of outliving its parent. Do not use it with stdin redirected from /dev/null.
 */
public final class StdinWatch {
    public static void main(String[] args) throws Throwable {
        if (args.length < 1) {
            System.err.println("usage: StdinWatch <main-class> [args...]");
            System.exit(2);
        }
        Thread watcher = new Thread(() -> {
            try {
                byte[] buf = new byte[256];
                while (System.in.read(buf) != -1) {
                    // ignore input
                }
            } catch (java.io.IOException ignored) {
                // treat as EOF
            }
            System.err.println("StdinWatch: stdin closed (parent process gone), shutting down");
            System.exit(0);
        }, "stdin-watch");
        watcher.setDaemon(true);
        watcher.start();

        String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
        Class.forName(args[0]).getMethod("main", String[].class).invoke(null, (Object) rest);
    }
}
