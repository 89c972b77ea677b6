// Types of build.cjs, for the tests that import it.
/** A hash of the path and content of every build input under `root`. */
export declare function fingerprint(root: string): string;
/** Why `root` needs a build, or undefined when its dist/ was built from the sources as they are. */
export declare function staleReason(root: string): string | undefined;
export declare const INPUTS: readonly string[];
export declare const FINGERPRINT_FILE: string;
