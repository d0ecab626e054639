import {
  type AnalyticsOptions,
  type AssistantRow,
  type DateWindow,
  type FeedbackRow,
  inWindow,
  type SearchRow,
  type VisitorRow,
} from './analytics.ts'

/**
 * A small made-up docs site for the content gaps action (`npm run mock-api`, `npm run demo:gaps`): a few
 * searches with no click (one in two spellings), unanswered questions in two categories (a clarifying question
 * and a repeated turn among them), and reported pages with their traffic. Dated 2026-01-08 to 2026-01-14 (the
 * demo's window); asked for another window, the dates are moved inside it (`inWindow`).
 */
export function gapsSite(): Pick<AnalyticsOptions, 'searches' | 'assistant' | 'feedback' | 'views'> {
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 0, day, hour)).toISOString()
  const search = (searchQuery: string, hits: number, ctr: number, day: number): SearchRow => ({
    searchQuery,
    hits,
    ctr,
    topClickedPage: ctr > 0 ? '/quickstart' : null,
    lastSearchedAt: at(day, 10),
  })
  const searches = [
    search('quickstart', 140, 0.62, 14),
    search('rate limit', 23, 0, 13),
    search('webhooks', 17, 0, 12),
    search('api keys', 15, 0.4, 14),
    search('Rate Limit ', 9, 0, 11),
    search('sso saml', 6, 0, 10),
    search('pagination', 4, 0.5, 9),
    search('terraform', 1, 0, 8),
  ]
  const turn = (
    i: number,
    query: string,
    category: string | null,
    unanswered: boolean,
    page: string,
    clarifying = false,
  ): AssistantRow => ({
    id: `01JH${String(i).padStart(22, '0')}`,
    timestamp: at(8 + (i % 7), 9 + i),
    query,
    response: unanswered ? 'The documentation does not cover this.' : 'See the guide.',
    ...(clarifying ? { responseType: 'clarifying_question' as const } : {}),
    sources: [],
    resolutionStatus: unanswered ? 'unanswered' : 'answered',
    queryCategory: category,
    pageUrl: `https://docs.example.com${page}`,
  })
  const turns = [
    turn(1, 'How do I rotate an API key without downtime?', 'Authentication', true, '/api-keys'),
    turn(2, 'Can I use SAML with Okta?', 'Authentication', true, '/sso'),
    turn(3, 'What is the rate limit for the search endpoint?', 'API', true, '/api-reference/search'),
    turn(4, 'Which plan do you mean?', 'API', true, '/pricing', true),
    turn(5, 'How do I install the CLI?', 'Getting started', false, '/quickstart'),
    turn(6, 'Do webhooks retry on failure?', 'API', true, '/webhooks'),
    turn(1, 'How do I rotate an API key without downtime?', 'Authentication', true, '/api-keys'),
    turn(7, 'Is there a Terraform provider?', null, true, '/'),
  ]
  const fb = (
    i: number,
    path: string,
    source: FeedbackRow['source'],
    comment: string | null,
    helpful?: boolean,
  ): FeedbackRow => ({
    id: `fb_${i}`,
    path,
    comment,
    createdAt: at(8 + (i % 7), 12),
    source,
    status: i % 5 === 0 ? 'in_progress' : 'pending',
    ...(source === 'contextual' ? { helpful: helpful ?? false, contact: `reader${i}@example.com` } : {}),
    ...(source === 'code_snippet' ? { code: 'curl https://api.example.com', filename: null, lang: 'bash' } : {}),
  })
  const feedback = [
    fb(1, '/webhooks', 'contextual', 'The retry schedule is missing.'),
    fb(2, 'https://docs.example.com/webhooks/', 'code_snippet', 'This example returns 404.'),
    fb(3, '/webhooks', 'thumbs_only', null),
    fb(4, '/quickstart', 'contextual', 'Clear, thanks!', true),
    fb(5, '/quickstart', 'agent', 'Step 3 names a flag the CLI no longer has.'),
    fb(6, '/api-keys', 'contextual', 'How long do keys last?'),
    fb(7, '/api-keys', 'thumbs_only', null),
  ]
  const views: VisitorRow[] = [
    { path: '/quickstart', human: 4210, ai: 380, total: 4590 },
    { path: '/api-keys', human: 1320, ai: 95, total: 1415 },
    { path: '/webhooks', human: 610, ai: 44, total: 654 },
    { path: '/sso', human: 300, ai: 12, total: 312 },
  ]
  return {
    searches: {
      count: searches.length,
      rowAt: (i, w) => dated(searches[i] ?? search('', 0, 0, 1), 'lastSearchedAt', w),
    },
    assistant: {
      count: turns.length,
      rowAt: (i, w) => dated(turns[i] ?? turn(0, '', null, false, '/'), 'timestamp', w),
    },
    feedback: {
      count: feedback.length,
      rowAt: (i, w) => dated(feedback[i] ?? fb(0, '/', 'agent', null), 'createdAt', w),
    },
    views: {
      count: views.length,
      rowAt: (i) => views[i] ?? { path: '/', human: 0, ai: 0, total: 0 },
      totals: { human: 6440, ai: 531, total: 6971 },
    },
  }
}

/** The row with its date `field` inside the asked window (a `null` date stays `null`). */
function dated<R extends object>(row: R, field: keyof R & string, window?: DateWindow): R {
  const value = row[field]
  return typeof value === 'string' ? { ...row, [field]: inWindow(value, window) } : row
}
