export const MONGO_CLIENT = Symbol('MongoClient');
export const KAFKA = Symbol('Kafka');
