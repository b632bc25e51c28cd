/** The command line's words about environments, their secrets, files and the local sandbox. */
export const CLI_ENVIRONMENT_MESSAGES = {
  secretNameInvalid: /*i18n*/ {
    id: 'cli.secretNameInvalid',
    message: 'The secret must be one of {names}.',
  },
  secretPrompt: /*i18n*/ { id: 'cli.secretPrompt', message: '{secret} for {environment}: ' },
  secretPromptSkippable: /*i18n*/ {
    id: 'cli.secretPromptSkippable',
    message: '{secret} for "{environment}" (Enter to skip): ',
  },
  setTheirSecrets: /*i18n*/ {
    id: 'cli.setTheirSecrets',
    message: 'Set their secrets (each read from standard input, never from an argument):',
  },
  nothingToExport: /*i18n*/ {
    id: 'cli.nothingToExport',
    message: 'There is no environment to export but the built-in sandbox.',
  },
  wroteEnvironments: /*i18n*/ {
    id: 'cli.wroteEnvironments',
    message: 'Wrote {count} environment(s) to {file}; no secret is in it.',
  },
  addedToWindowList: /*i18n*/ {
    id: 'cli.addedToWindowList',
    message:
      "It is in the console's own environment list ({folder}), which its window shows too. A suite keeps a list of its own with INTEGRATOR_CONSOLE_USER_DATA=DIR.",
  },
  importNothingWritten: /*i18n*/ {
    id: 'cli.importNothingWritten',
    message: 'Nothing was written: repeat with --apply (and --replace NAME for a change).',
  },
  proxyUserNeedsUrl: /*i18n*/ {
    id: 'cli.proxyUserNeedsUrl',
    message:
      '--proxy-user belongs to a proxy URL: give it with --proxy URL (a proxy of the system or the variables takes its login from them).',
  },
  clientCertNeedsKey: /*i18n*/ {
    id: 'cli.clientCertNeedsKey',
    message: 'A PEM client certificate needs both --client-cert and --client-key.',
  },
  localSandboxLifetime: /*i18n*/ {
    id: 'cli.localSandboxLifetime',
    message:
      'The Local sandbox runs inside each command, only while it runs: its address ({url}) answers nothing once the command ends. For one that lasts, run integrator-console sandbox in another terminal.',
  },
  sandboxSecretsUnset: /*i18n*/ {
    id: 'cli.sandboxSecretsUnset',
    message: 'Set {names}: this command prints no secret, so it does not make them up.',
  },
  sandboxSecretsHint: /*i18n*/ {
    id: 'cli.sandboxSecretsHint',
    message: '`npm run sandbox` generates them and prints them, for a person at a terminal.',
  },
  wroteFile: /*i18n*/ { id: 'cli.wroteFile', message: 'Wrote {path}' },
  exportKeysUnset: /*i18n*/ {
    id: 'cli.exportKeysUnset',
    message:
      'Set SANDBOX_API_KEY and SANDBOX_SECRET_KEY: the credentials the sandbox was started with.',
  },
  exportUrlInvalid: /*i18n*/ {
    id: 'cli.exportUrlInvalid',
    message: "--url must be the sandbox's http:// or https:// address.",
  },
  exportUrlNotLocal: /*i18n*/ {
    id: 'cli.exportUrlNotLocal',
    message: '--url: http:// is only for a sandbox on this machine; use https:// for {host}.',
  },
  exportUnreachable: /*i18n*/ {
    id: 'cli.exportUnreachable',
    message: 'The sandbox at {url} could not be reached ({error}); nothing was exported.',
  },
  exportNotJson: /*i18n*/ {
    id: 'cli.exportNotJson',
    message:
      "The sandbox at {url} answered 200 without JSON; nothing was exported. Is it the console's sandbox?",
  },
  exportRefused: /*i18n*/ {
    id: 'cli.exportRefused',
    message:
      'The sandbox at {url} refused SANDBOX_API_KEY / SANDBOX_SECRET_KEY (401); nothing was exported.',
  },
  exportAnswered: /*i18n*/ {
    id: 'cli.exportAnswered',
    message:
      "The sandbox at {url} answered {status}; nothing was exported. Is it the console's sandbox?",
  },
} as const
