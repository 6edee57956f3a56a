// Vitest's module runner asks the pool about every import it meets, also of a module this file has already loaded; for
// those the server answers { cache: true } (it would say otherwise only for a file changed since, which a test file's
// short run in its own workerd never sees). Loading the Worker meets ~1,050 such imports besides its ~320 modules, each
// a round trip from workerd to the pool's Node process and back: answered here, a file's start-up costs ~0.55 s less CPU
// (workerd and Node together, on a 2-core machine). A runner without this shape (another Vitest) is left as it is.
type Invoke = (name: string, data: unknown[]) => Promise<unknown>;
type Transport = { invoke?: Invoke };

const transport = (globalThis as { __vitest_mocker__?: { moduleRunner?: { transport?: Transport } } }).__vitest_mocker__?.moduleRunner
  ?.transport;
const invoke = transport?.invoke;
if (transport && invoke) {
  transport.invoke = (name, data) => {
    const options = data[2] as { cached?: boolean } | undefined;
    if (name === "fetchModule" && options?.cached === true) return Promise.resolve({ cache: true });
    return invoke.call(transport, name, data);
  };
}
