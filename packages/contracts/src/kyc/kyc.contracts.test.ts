import { describe, expect, it } from 'vitest';
import { AREA_CODE_VALUES } from '../identity/area-codes.constants.js';
import { ISO_COUNTRY_CODES, ZKycSubmitRequest } from './kyc.contracts.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  sex: 'female',
  birthdate: '1990-12-10',
  country: 'GB',
  address: '12 St James’s Square, London',
  areaCode: '+44',
  phone: '2079460000',
  documentType: 'id_card',
  frontFileId: 'AAAAAAAAAAAAAAAAAAAAAA',
  backFileId: 'BBBBBBBBBBBBBBBBBBBBBB',
  handheldFileId: 'CCCCCCCCCCCCCCCCCCCCCC',
  signatureFileId: 'DDDDDDDDDDDDDDDDDDDDDD',
};

function issuesOf(input: unknown): string[] {
  const result = ZKycSubmitRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('the KYC submission contract', () => {
  it('offers the 55 calling codes and the 249 ISO countries', () => {
    expect(AREA_CODE_VALUES).toHaveLength(55);
    expect(new Set(AREA_CODE_VALUES).size).toBe(55);
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
  });

  it('accepts a complete identity card submission and trims the names', () => {
    const parsed = ZKycSubmitRequest.parse({ ...valid, firstName: '  Ada ' });
    expect(parsed.firstName).toBe('Ada');
  });

  it('needs the back of an identity card or a driving licence, not of a passport', () => {
    const { backFileId: _, ...withoutBack } = valid;
    expect(issuesOf(withoutBack)).toEqual(['backFileId']);
    expect(issuesOf({ ...withoutBack, documentType: 'driver_licence' })).toEqual(['backFileId']);
    expect(issuesOf({ ...withoutBack, documentType: 'passport' })).toEqual([]);
  });

  it('refuses one upload used for two photos', () => {
    expect(issuesOf({ ...valid, handheldFileId: valid.frontFileId })).toEqual(['frontFileId']);
  });

  it('refuses what is not a value of its list or format', () => {
    expect(issuesOf({ ...valid, sex: 'x' })).toEqual(['sex']);
    expect(issuesOf({ ...valid, country: 'gb' })).toEqual(['country']);
    expect(issuesOf({ ...valid, country: 'XK' })).toEqual(['country']);
    expect(issuesOf({ ...valid, areaCode: '+999' })).toEqual(['areaCode']);
    expect(issuesOf({ ...valid, documentType: 'visa' })).toEqual(['documentType']);
    expect(issuesOf({ ...valid, phone: '+442079460000' })).toEqual(['phone']);
    expect(issuesOf({ ...valid, birthdate: '1990-02-30' })).toEqual(['birthdate']);
    expect(issuesOf({ ...valid, birthdate: '10/12/1990' })).toEqual(['birthdate']);
    expect(issuesOf({ ...valid, firstName: '   ' })).toEqual(['firstName']);
    expect(issuesOf({ ...valid, lastName: 'Love\u0000lace' })).toEqual(['lastName']);
    expect(issuesOf({ ...valid, frontFileId: 'not-an-upload' })).toEqual(['frontFileId']);
  });
});
