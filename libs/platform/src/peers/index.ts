export * from './peer-commands';
export * from './peer.controller';
