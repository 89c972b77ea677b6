// Loading one QuickJS WebAssembly module, its memory capped.
import {
  RELEASE_SYNC,
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';

/**
 * The release build, loaded with require: the published variant loads its
 * Emscripten module with a dynamic import(), which jest's CommonJS module
 * sandbox refuses.
 */
const RELEASE_SYNC_VARIANT: QuickJSSyncVariant = {
  type: 'sync',
  importFFI: RELEASE_SYNC.importFFI,
  importModuleLoader: async () =>
    // The module's own loader is a dynamic import(), which jest's CommonJS runtime cannot run.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@jitl/quickjs-wasmfile-release-sync/emscripten-module') as Awaited<
      ReturnType<QuickJSSyncVariant['importModuleLoader']>
    >,
};

const WASM_PAGE_BYTES = 65536;
/** The module's own minimum memory (static data, C stack, QuickJS's base structures). */
const BASE_PAGES = 256;

export interface LoadedModule {
  module: QuickJSWASMModule;
  memory: WebAssembly.Memory;
}

const quiet = (): void => {};

/** A module whose WebAssembly memory is its base plus `memoryLimitBytes` at most (see quickjs.ts, Limits). */
export async function loadModule(memoryLimitBytes: number): Promise<LoadedModule> {
  const memory = new WebAssembly.Memory({
    initial: BASE_PAGES,
    maximum: BASE_PAGES + Math.ceil(memoryLimitBytes / WASM_PAGE_BYTES),
  });
  const variant = newVariant(RELEASE_SYNC_VARIANT, {
    wasmMemory: memory,
    // Emscripten prints aborts on stderr; they are handled (the module is replaced).
    emscriptenModule: { print: quiet, printErr: quiet } as never,
  });
  const module = await newQuickJSWASMModuleFromVariant(variant);
  return { module, memory };
}
