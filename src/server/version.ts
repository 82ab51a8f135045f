// The running version, from package.json.
import pkg from '../../package.json';

export const appVersion: string = pkg.version;
