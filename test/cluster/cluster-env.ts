/** What the cluster specs' global setup tells the specs (ADR 0051). */
export const CLUSTER_ENV = {
  /** nginx in front of the cluster. */
  url: 'FORUM_CLUSTER_URL',
  /** The launcher's data dir (logs, pids.json). */
  dataDir: 'FORUM_CLUSTER_DATA_DIR',
  /** JSON: every replica (`ClusterReplica`), its ports shifted as the launcher's. */
  replicas: 'FORUM_CLUSTER_REPLICAS',
  /** The cluster's MONGO_DB_PREFIX and KAFKA_TOPIC_PREFIX. */
  dbPrefix: 'FORUM_CLUSTER_DB_PREFIX',
  topicPrefix: 'FORUM_CLUSTER_TOPIC_PREFIX',
};

/** One replica of deploy/cluster/topology.mjs. */
export interface ClusterReplica {
  context: string;
  replica: number;
  port: number;
  peerPort: number;
}

/** The cluster's JWT secret: the one the test apps sign with, so a helper app's tokens are good on every replica. */
export const CLUSTER_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
