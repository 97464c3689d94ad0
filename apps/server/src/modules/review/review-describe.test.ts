import { describe, expect, it } from 'vitest';
import { describeFromPayload, payloadFileIds } from './review-describe.js';

describe('describeFromPayload', () => {
  it('shows the known keys holding text or numbers, in their order, and the payload’s file ids', () => {
    expect(
      describeFromPayload({
        payload: {
          txHash: '0xabc',
          network: 'local',
          blockNumber: 12,
          fee: '',
          address: { nested: true },
          fromLast6: null,
          secret: 'not shown',
          fileIds: ['file-1', 'file-2'],
        },
      }),
    ).toEqual({
      details: [
        { key: 'network', value: 'local' },
        { key: 'txHash', value: '0xabc' },
        { key: 'blockNumber', value: '12' },
      ],
      fileIds: ['file-1', 'file-2'],
    });
  });

  it('holds no files unless fileIds is a list of strings', () => {
    expect(payloadFileIds({})).toEqual([]);
    expect(payloadFileIds({ fileIds: 'file-1' })).toEqual([]);
    expect(payloadFileIds({ fileIds: ['file-1', 2] })).toEqual([]);
    expect(describeFromPayload({ payload: { n: 1 } })).toEqual({ details: [], fileIds: [] });
  });
});
