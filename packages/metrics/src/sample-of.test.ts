import { sampleOf } from './sample-of';

const text = [
  '# HELP http_requests_total HTTP requests answered by the gateway.',
  '# TYPE http_requests_total counter',
  'http_requests_total{route="/api/v1/me",method="GET",status="200"} 3',
  'http_requests_total{route="/api/v1/me",method="GET",status="429"} 1',
  'http_requests_total{route="/api/v1/bookings/:id",method="GET",status="200"} 2',
  'process_cpu_user_seconds_total 0.25',
].join('\n');

describe('sampleOf', () => {
  it('when labels pick one series, then its value', () => {
    expect(sampleOf(text, 'http_requests_total', { route: '/api/v1/me', status: '429' })).toBe(1);
    expect(sampleOf(text, 'process_cpu_user_seconds_total')).toBe(0.25);
  });

  it('when labels match several series, then their sum; when none, then 0', () => {
    expect(sampleOf(text, 'http_requests_total', { method: 'GET' })).toBe(6);
    expect(sampleOf(text, 'http_requests_total', { route: '/nowhere' })).toBe(0);
    expect(sampleOf(text, 'http_requests', {})).toBe(0);
  });
});
