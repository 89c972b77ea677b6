import type { BlockDefinition } from '../../../definition/schema';
import type { InputHandler } from '../../handler';
import { opt, readOptions } from '../../options';
import {
  buttonLabel,
  displayWithPrefill,
  FAIL,
  inputLabels,
  inputOptions,
  placeholderLabel,
  ok,
  textOrAudioOf,
} from '../shared';

const options = inputOptions({
  isRequired: opt.boolean({ title: 'Required' }),
  isMultipleAllowed: opt.boolean({ title: 'Multiple files' }),
  allowedFileTypes: opt.object(
    {
      isEnabled: opt.boolean({ title: 'Restrict file types' }),
      types: opt.stringList({ title: 'Allowed types', description: 'Extensions or MIME types (image/*)' }),
    },
    { title: 'Allowed file types' },
  ),
  labels: inputLabels({
    placeholder: placeholderLabel(),
    button: buttonLabel(),
    skip: opt.string({ title: 'Skip label' }),
  }),
});
import { isWebUrl } from '../url/block';
import definition from './definition';

/** Families a `type/*` allowed type stands for. */
const FAMILY_EXTENSIONS: Record<string, string[]> = {
  image: ['apng', 'avif', 'bmp', 'gif', 'heic', 'heif', 'ico', 'jpeg', 'jpg', 'png', 'svg', 'tif', 'tiff', 'webp'],
  video: ['3gp', 'avi', 'm4v', 'mkv', 'mov', 'mp4', 'mpeg', 'mpg', 'ogv', 'webm', 'wmv'],
  audio: ['aac', 'flac', 'm4a', 'mp3', 'oga', 'ogg', 'opus', 'wav', 'weba', 'wma'],
  text: ['csv', 'htm', 'html', 'md', 'txt'],
};

/** MIME subtypes whose usual extension differs from the subtype. */
const SUBTYPE_EXTENSIONS: Record<string, string[]> = {
  jpeg: ['jpeg', 'jpg'],
  'svg+xml': ['svg'],
  plain: ['txt'],
  quicktime: ['mov'],
  mpeg: ['mpeg', 'mpg', 'mp3'],
  msword: ['doc'],
  'vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'vnd.ms-excel': ['xls'],
  'vnd.ms-powerpoint': ['ppt'],
};

/** The extensions an allowed type stands for: `pdf`, `.pdf`, `*.pdf`, `application/pdf`, `image/*`. */
function extensionsOf(type: string): string[] {
  const normalized = type.trim().toLowerCase();
  const slash = normalized.indexOf('/');
  if (slash < 0) return [normalized.replace(/^\*?\./, '')];
  const family = normalized.slice(0, slash);
  const subtype = normalized.slice(slash + 1);
  if (subtype === '*') return FAMILY_EXTENSIONS[family] ?? [];
  return SUBTYPE_EXTENSIONS[subtype] ?? [subtype];
}

/** The URL's extension: text after the last "." of its path (query and fragment left out), lower-cased. */
function extensionOfUrl(url: string): string | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  const extension = path.slice(dot + 1).toLowerCase();
  return extension === '' ? undefined : extension;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether a file input takes a file of this name: by extension, when its allowed types are enabled; any name otherwise. */
export function acceptsFileName(block: BlockDefinition, fileName: string): boolean {
  const { allowedFileTypes: allowed } = readOptions(options, block);
  if (!allowed?.isEnabled || !allowed.types || allowed.types.length === 0) return true;
  const extension = extensionOfUrl(fileName);
  return extension !== undefined && new Set(allowed.types.flatMap(extensionsOf)).has(extension);
}

export interface FileInputConfig {
  /** Hosts whose URLs need no top-level domain (the upload host when it is e.g. `localhost`). */
  hostsWithoutTld: string[];
}

/**
 * A file input over this configuration. Reply: uploaded file URLs separated by
 * ", ". Valid when at least one is an http(s) URL and, with allowed file types
 * enabled, every URL has an allowed extension. Without multiple files, only the
 * first URL is kept. No message: skipped unless the input is required (default).
 */
export function createFileInput(config: FileInputConfig): InputHandler<typeof definition.type> {
  const hostsWithoutTld = new Set(config.hostsWithoutTld.map((host) => host.toLowerCase()));
  const isUploadUrl = (url: string): boolean => {
    const host = hostOf(url);
    return isWebUrl(url, !(host && hostsWithoutTld.has(host)));
  };
  return {
    category: 'input',
    type: definition.type,
    takesUploads: () => true,
    options,
    replyEventType: 'file',
    display: displayWithPrefill,
    parse(block, reply) {
      const { isRequired, isMultipleAllowed, allowedFileTypes: allowed } = readOptions(options, block);
      const text = textOrAudioOf(reply);
      if (text === undefined) return isRequired === false ? { status: 'skip' } : FAIL;
      const urls = text.split(', ');
      if (!urls.some(isUploadUrl)) return FAIL;
      if (allowed?.isEnabled && allowed.types && allowed.types.length > 0) {
        const extensions = new Set(allowed.types.flatMap(extensionsOf));
        const allAllowed = urls.every((url) => {
          const extension = extensionOfUrl(url);
          return extension !== undefined && extensions.has(extension);
        });
        if (!allAllowed) return FAIL;
      }
      if (isMultipleAllowed !== true && urls.length > 1) return ok(urls[0]!);
      return ok(text);
    },
  };
}

export const fileInput: InputHandler<typeof definition.type> = createFileInput({ hostsWithoutTld: ['localhost'] });

export default fileInput;
