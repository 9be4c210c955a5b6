import { endpoints } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { nextPageParam, pageParams } from '../src/api/paging';

describe('paging', () => {
  it('asks pages in the list style of the endpoint', () => {
    expect(pageParams(endpoints['/api/basic/news'], 3)).toEqual({ page: 3, size: 10 });
    expect(pageParams(endpoints['/api/exchange/getExchangeInfo'], 1)).toEqual({ page: 1, page_num: 100 });
    expect(() => pageParams(endpoints['/api/basic/banner'], 1)).toThrow();
  });

  it('asks the next page while the last page came back full', () => {
    const news = endpoints['/api/basic/news'];
    expect(nextPageParam(news, 10, 1)).toBe(2);
    expect(nextPageParam(news, 10, 4)).toBe(5);
    expect(nextPageParam(news, 9, 1)).toBeUndefined();
    expect(nextPageParam(news, 0, 1)).toBeUndefined();
    expect(nextPageParam(endpoints['/api/exchange/getExchangeInfo'], 10, 1)).toBeUndefined();
  });
});
