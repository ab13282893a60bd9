export type AppLocals = {
  requestId: string;
  nonce: string;
  clientIp: string;
};
