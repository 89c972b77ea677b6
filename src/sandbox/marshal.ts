// Values cross the sandbox's boundary as copies (JSON-like data), never as
// references: host values are rebuilt inside the VM, VM values come out as
// primitives or through the VM's own JSON.stringify.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import { errorText } from './error-text';

/** Nesting depth of values copied into the sandbox. */
const MAX_COPY_DEPTH = 200;

/** Thrown inside the VM by host callbacks; becomes a normal error of the run. */
export class CopyError extends Error {}

/**
 * Copies a host value (JSON-like data) into the VM: dates as ISO text, bigints
 * as text, functions and symbols as undefined, cycles and what nests deeper
 * than MAX_COPY_DEPTH as null.
 */
export function toVm(vm: QuickJSContext, value: unknown, depth = 0, ancestors = new Set<object>()): QuickJSHandle {
  if (value === undefined) return vm.undefined;
  if (value === null) return vm.null;
  switch (typeof value) {
    case 'boolean':
      return value ? vm.true : vm.false;
    case 'number':
      return vm.newNumber(value);
    case 'string':
      return vm.newString(value);
    case 'bigint':
      return vm.newString(value.toString());
    case 'object':
      break;
    default:
      // Functions and symbols have no copy.
      return vm.undefined;
  }
  const object = value as object;
  if (depth >= MAX_COPY_DEPTH || ancestors.has(object)) return vm.null;
  if (object instanceof Date) return vm.newString(object.toISOString());
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      const array = vm.newArray();
      object.forEach((item, index) => {
        const handle = toVm(vm, item, depth + 1, ancestors);
        vm.setProp(array, index, handle);
        handle.dispose();
      });
      return array;
    }
    const copy = vm.newObject();
    for (const [key, item] of Object.entries(object)) {
      const handle = toVm(vm, item, depth + 1, ancestors);
      vm.setProp(copy, key, handle);
      handle.dispose();
    }
    return copy;
  } finally {
    ancestors.delete(object);
  }
}

/**
 * Copies a VM value out: primitives as they are (bigint as text), objects and
 * arrays through the VM's JSON.stringify (so toJSON applies and functions
 * disappear), functions and symbols as undefined. `stringify` is the VM's
 * JSON.stringify taken before the code ran (code may replace the global).
 */
export function toHost(vm: QuickJSContext, handle: QuickJSHandle, stringify: QuickJSHandle): unknown {
  switch (vm.typeof(handle)) {
    case 'undefined':
      return undefined;
    case 'string':
      return vm.getString(handle);
    case 'number':
      return vm.getNumber(handle);
    case 'boolean':
      return vm.dump(handle) === true;
    case 'bigint':
      return vm.getBigInt(handle).toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  const text = vm.callFunction(stringify, vm.undefined, handle);
  if (text.error) {
    const message = errorText(vm, text.error);
    text.error.dispose();
    throw new CopyError(`The value cannot be copied out of the sandbox: ${message}`);
  }
  try {
    return vm.typeof(text.value) === 'string' ? (JSON.parse(vm.getString(text.value)) as unknown) : undefined;
  } finally {
    text.value.dispose();
  }
}
