import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard';

const visitor = { isSignedIn: false, accessGuard: false, walletOnly: false };

describe('the route guard (SPEC §4)', () => {
  it('sends a visitor from the profile to the login page, or to /empty in wallet-only mode', () => {
    expect(guardRedirect('/profile', visitor)).toBe('/pass/login');
    expect(guardRedirect('/profile', { ...visitor, walletOnly: true })).toBe('/empty');
    expect(guardRedirect('/help', visitor)).toBeNull();
  });

  it('keeps the balance page for signed-in users', () => {
    expect(guardRedirect('/profile/balance', visitor)).toBe('/pass/login');
    expect(guardRedirect('/profile/balance', { ...visitor, walletOnly: true })).toBe('/empty');
    expect(guardRedirect('/profile/balance', { ...visitor, isSignedIn: true })).toBeNull();
  });

  it('lets a visitor open the e-mailed address confirmation, but not the rest of the address book', () => {
    expect(guardRedirect('/profile/withdrawal-addresses/confirm', visitor)).toBeNull();
    expect(guardRedirect('/profile/withdrawal-addresses', visitor)).toBe('/pass/login');
  });

  it('with the access guard on, sends visitors to /empty except on the sign-in pages', () => {
    const guarded = { ...visitor, accessGuard: true };
    expect(guardRedirect('/', guarded)).toBe('/empty');
    expect(guardRedirect('/help/faq', guarded)).toBe('/empty');
    expect(guardRedirect('/pass/login', guarded)).toBeNull();
    expect(guardRedirect('/empty', guarded)).toBeNull();
  });

  it('with the access guard on, sends a signed-in user from /empty home, and wallet-only visitors away from password pages', () => {
    expect(guardRedirect('/empty', { isSignedIn: true, accessGuard: true, walletOnly: false })).toBe('/');
    expect(guardRedirect('/pass/register', { isSignedIn: false, accessGuard: true, walletOnly: true })).toBe('/empty');
  });
});
