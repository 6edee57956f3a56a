/** A scan's own id (32 letters and digits): the same scan uploaded twice counts once. */
export const newNonce = () => crypto.randomUUID().replaceAll("-", "");
