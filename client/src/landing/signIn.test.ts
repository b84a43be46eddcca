import { describe, expect, it } from 'vitest';
import { mainSignIn, CREATE_ACCOUNT_PAGE } from './signIn.ts';

describe('the landing page main way in', () => {
  it('is Google only when the server has Google configured', () => {
    expect(mainSignIn({ google: true, oidc: false, local: true })).toEqual({ kind: 'google' });
    expect(mainSignIn({ google: false, oidc: true, local: true })).toEqual({ kind: 'page', to: CREATE_ACCOUNT_PAGE });
    expect(mainSignIn({ google: false, oidc: false, local: true })).toEqual({ kind: 'page', to: CREATE_ACCOUNT_PAGE });
  });

  it("is Saaga's own sign-in page while the providers are not known yet", () => {
    expect(mainSignIn(undefined)).toEqual({ kind: 'page', to: '/sign-in?mode=create' });
  });
});
