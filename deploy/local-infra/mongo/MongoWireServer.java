import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Launcher for mongo-java-server, the MongoDB-wire-compatible stand-in used where no real
 * mongod exists (local runs and tests on machines without Docker). Deployment uses real MongoDB.
 *
 * <pre>
 *   java -cp 'mongo-libs/*:mongo-classes' MongoWireServer --port N [--file PATH] [--host H] [--oplog]
 * </pre>
 *
 * The bundled mains are fixed to port 27017 and report max wire version 8, which the Node
 * driver 7.x refuses; this launcher reports wire version 9 / "4.4.0" and takes any port.
 * With --file the H2 (MVStore) backend persists to that file; otherwise everything is in memory.
 * Prints exactly one line "MONGO-WIRE READY <port>" on stdout once bound. SIGTERM/SIGINT run a
 * shutdown hook that stops the server and closes the backend (the H2 store is closed, so the file
 * is consistent). SIGKILL may lose up to about one second of writes (MVStore autocommit delay).
 */
public final class MongoWireServer {

    /** Reported to clients in hello/isMaster/buildInfo. */
    static final class Version44 implements MongoVersion {
        @Override
        public List<Integer> getVersionArray() {
            return List.of(4, 4, 0);
        }

        @Override
        public int getWireVersion() {
            return 9;
        }
    }

    private static void usage(String error) {
        System.err.println("MongoWireServer: " + error);
        System.err.println("usage: MongoWireServer --port N [--file PATH] [--host HOST] [--oplog]");
        System.exit(2);
    }

    public static void main(String[] args) throws Exception {
        // Quiet by default; must be set before the first slf4j logger is created.
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");

        Integer port = null;
        String file = null;
        String host = "127.0.0.1";
        boolean oplog = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--port":
                    if (++i >= args.length) usage("--port needs a value");
                    try {
                        port = Integer.parseInt(args[i]);
                    } catch (NumberFormatException e) {
                        usage("bad port: " + args[i]);
                    }
                    break;
                case "--file":
                    if (++i >= args.length) usage("--file needs a value");
                    file = args[i];
                    break;
                case "--host":
                    if (++i >= args.length) usage("--host needs a value");
                    host = args[i];
                    break;
                case "--oplog":
                    oplog = true;
                    break;
                default:
                    usage("unknown argument: " + a);
            }
        }
        if (port == null) usage("--port is required");
        if (port < 0 || port > 65535) usage("bad port: " + port);

        MongoBackend backend = file != null ? new H2Backend(file) : new MemoryBackend();
        backend.version(new Version44());
        MongoServer server = new MongoServer(backend);
        if (oplog) {
            // Needed only for collection-level change streams; every write is also recorded.
            server.enableOplog();
        }

        try {
            server.bind(host, port);
        } catch (Throwable t) {
            System.err.println("MongoWireServer: cannot bind " + host + ":" + port + ": " + t);
            backend.close();
            System.exit(1);
        }

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.shutdown(); // stops listening, then closes the backend (H2: MVStore.close())
            } catch (Throwable t) {
                System.err.println("MongoWireServer: error during shutdown: " + t);
            } finally {
                System.out.println("MONGO-WIRE STOPPED");
                System.out.flush();
                stopped.countDown();
            }
        }, "mongo-wire-shutdown"));

        System.out.println("MONGO-WIRE READY " + server.getLocalAddress().getPort());
        System.out.flush();
        stopped.await(); // netty threads keep the JVM alive; the hook ends it
    }
}
