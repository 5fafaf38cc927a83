/**
 * The browser's WebAuthn for the screen tests (happy-dom has none): `PublicKeyCredential` and
 * `navigator.credentials.create/get` as a browser gives them — ArrayBuffers in, credential objects
 * out — in front of the software authenticator of tests/fixtures/authenticator.ts, which makes
 * and signs real ES256 credentials. A test can make the browser's dialog fail as a person or a
 * device would (cancelled: NotAllowedError), or take WebAuthn away altogether.
 */
import { vi } from 'vitest';
import { Authenticator } from '../../fixtures/authenticator';

const text = (data: BufferSource) => Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength)).toString('base64url');
function buffer(base64url: string): ArrayBuffer {
  const bytes = Buffer.from(base64url, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export interface BrowserPasskeys {
  authenticator: Authenticator;
  /** The browser's dialog fails with this DOMException name ('NotAllowedError': cancelled) until set back to null. */
  failWith: string | null;
  /** What the page asked the browser for, in order. */
  asked: Array<'create' | 'get'>;
}

/** Gives the page a browser with WebAuthn and one authenticator; undone by vi.unstubAllGlobals and `removeBrowserPasskeys`. */
export function installBrowserPasskeys(origin = 'http://localhost:3000'): BrowserPasskeys {
  const state: BrowserPasskeys = { authenticator: new Authenticator({ origin }), failWith: null, asked: [] };
  const failure = () => (state.failWith ? new DOMException('The operation either timed out or was not allowed.', state.failWith) : null);
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
  const credentials = {
    async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
      state.asked.push('create');
      const refused = failure();
      if (refused) throw refused;
      let made;
      try {
        made = state.authenticator.create({
          challenge: text(publicKey.challenge),
          rp: { id: publicKey.rp.id!, name: publicKey.rp.name },
          user: { id: text(publicKey.user.id), name: publicKey.user.name, displayName: publicKey.user.displayName },
          pubKeyCredParams: publicKey.pubKeyCredParams.map((param) => ({ alg: param.alg, type: 'public-key' as const })),
          excludeCredentials: (publicKey.excludeCredentials ?? []).map((credential) => ({ id: text(credential.id), type: 'public-key' as const })),
          authenticatorSelection: {},
        });
      } catch (error) {
        throw new DOMException((error as Error).message, 'InvalidStateError');
      }
      return {
        id: made.id,
        rawId: buffer(made.rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        getClientExtensionResults: () => made.clientExtensionResults,
        response: {
          clientDataJSON: buffer(made.response.clientDataJSON),
          attestationObject: buffer(made.response.attestationObject),
          getTransports: () => made.response.transports,
          getPublicKeyAlgorithm: () => made.response.publicKeyAlgorithm,
        },
      };
    },
    async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
      state.asked.push('get');
      const refused = failure();
      if (refused) throw refused;
      const used = state.authenticator.get({
        challenge: text(publicKey.challenge),
        rpId: publicKey.rpId,
        allowCredentials: publicKey.allowCredentials?.map((credential) => ({ id: text(credential.id), type: 'public-key' as const })),
      });
      return {
        id: used.id,
        rawId: buffer(used.rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        getClientExtensionResults: () => ({}),
        response: {
          clientDataJSON: buffer(used.response.clientDataJSON),
          authenticatorData: buffer(used.response.authenticatorData),
          signature: buffer(used.response.signature),
          userHandle: buffer(used.response.userHandle),
        },
      };
    },
  };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  return state;
}

/** A browser without WebAuthn (as happy-dom is). */
export function removeBrowserPasskeys(): void {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'credentials', { value: undefined, configurable: true });
}
