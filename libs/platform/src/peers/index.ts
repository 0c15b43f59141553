export * from './peer-commands';
export * from './peer.controller';
export * from './peer-message.controller';
