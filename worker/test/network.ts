let clients = 0;
/**
 * A client address of its own (in 198.18.0.0/15, kept for tests), as CF-Connecting-IP would name it. Requests
 * without the header all come from the one network "unknown", so per-network limits apply only where a test
 * means them when each request names its own.
 */
export const newClient = () => {
  clients++;
  return `198.18.${Math.floor(clients / 250)}.${clients % 250}`;
};
