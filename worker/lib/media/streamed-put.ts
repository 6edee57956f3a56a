/**
 * The start of a request body, read ahead so its type and size can be decided before anything is stored,
 * while the rest stays in the stream: a 100 MB video never sits in the Worker's memory.
 */
export class BodyHead {
  private readonly chunks: Uint8Array[] = [];
  private read = 0;
  private ended = false;

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Reads on until at least `target` bytes are in, or the body ends (IncompleteBody when the client goes away first). */
  async fill(target: number): Promise<void> {
    while (!this.ended && this.read < target) {
      // A body cut short of its Content-Length ("Network connection lost") is the request's fault, never the Worker's.
      const { done, value } = await this.reader.read().catch((error: unknown) => {
        throw new IncompleteBody("The body ended before its Content-Length", { cause: error });
      });
      if (done) this.ended = true;
      else {
        this.chunks.push(value);
        this.read += value.byteLength;
      }
    }
  }

  /** The first `limit` bytes read (fewer when the body is shorter). */
  bytes(limit: number): Uint8Array {
    const out = new Uint8Array(Math.min(limit, this.read));
    let offset = 0;
    for (const chunk of this.chunks) {
      if (offset >= out.byteLength) break;
      const part = chunk.subarray(0, out.byteLength - offset);
      out.set(part, offset);
      offset += part.byteLength;
    }
    return out;
  }

  /** The whole body again: the chunks read ahead, then the rest as it arrives. */
  stream(): ReadableStream<Uint8Array> {
    const { chunks, reader } = this;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks.splice(0)) controller.enqueue(chunk);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
  }

  /** Lets the rest of a refused body go unread. */
  async discard(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** The body ended before, or ran past, the length it declared (or the client went away). */
export class IncompleteBody extends Error {}

/**
 * Streams `body` into R2 as an object of exactly `length` bytes (R2 needs the length up front: FixedLengthStream
 * gives it, and refuses a body that ends early or runs over). On any failure nothing is left under `key`.
 */
export async function putStreamed(
  bucket: R2Bucket,
  key: string,
  body: ReadableStream<Uint8Array>,
  length: number,
  options: R2PutOptions,
): Promise<void> {
  const fixed = new FixedLengthStream(length);
  const putting = bucket.put(key, fixed.readable, options);
  const reader = body.getReader();
  const writer = fixed.writable.getWriter();
  let sent = 0;
  const pumping = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        sent += value.byteLength;
        if (sent > length) throw new IncompleteBody("The body ran past its Content-Length");
        await writer.write(value);
      }
      await writer.close();
    } catch (error) {
      await Promise.all([writer.abort(error).catch(() => undefined), reader.cancel(error).catch(() => undefined)]);
      throw error;
    }
  })();
  // A failure on either side ends the other (the pump aborts R2's stream; R2 failing errors the pump's writes), so both settle.
  const [put, pumped] = await Promise.allSettled([putting, pumping]);
  if (put.status === "fulfilled" && pumped.status === "fulfilled") return;
  await bucket.delete(key).catch(() => undefined);
  if (pumped.status === "rejected" || sent !== length) {
    throw new IncompleteBody("The body did not match its Content-Length", {
      cause: pumped.status === "rejected" ? pumped.reason : undefined,
    });
  }
  throw (put as PromiseRejectedResult).reason;
}
