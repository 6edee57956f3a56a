/** The landing page (its layout's top bar included) as HTML, as the app renders it at / for a signed-out visitor. */
export function prerenderLanding(root: string, alias: Record<string, string>, plugins?: import("vite").PluginOption[]): Promise<string>;
