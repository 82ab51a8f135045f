// Refuse, in a sentence rather than a native stack trace, a Node.js that Duet does not run
// on. Run first by `npm start`, `npm test` and the CLI; written in the plainest JavaScript
// so that even a very old Node can parse it far enough to say so.
'use strict';

var MINIMUM = [22, 13];

function isSupported(version) {
  var parts = String(version).replace(/^v/, '').split('.');
  var major = Number(parts[0]);
  var minor = Number(parts[1]);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

if (!isSupported(process.versions.node)) {
  process.stderr.write(
    '\nDuet needs Node.js 22 or 24 (LTS), ' + MINIMUM.join('.') + ' or newer; this is ' + process.version + '.\n' +
      'Install a current LTS from https://nodejs.org, or, on a machine that reaches only the npm\n' +
      'registry, run this in the project folder and try again:\n\n' +
      '  eval "$(bash scripts/use-node.sh 24)" && npm install\n\n'
  );
  process.exit(1);
}

module.exports = { isSupported: isSupported };
