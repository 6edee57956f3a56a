// Wrangler's module rules: a .wasm is a compiled WebAssembly module, a .ttf (wrangler.toml [[rules]]) its bytes.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
