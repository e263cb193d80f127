// The few GitHub REST calls the comment job makes, over fetch (Node 20 has it), so the job
// needs no third-party action and the tests can point it at a local server.
export class GitHubRest {
  constructor({ apiUrl = 'https://api.github.com', token, repository }) {
    if (!token) {
      throw new Error('GITHUB_TOKEN is not set');
    }
    if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository ?? '')) {
      throw new Error(`'${repository}' is not owner/name`);
    }
    this.apiUrl = apiUrl.replace(/\/+$/, '');
    this.token = token;
    this.repository = repository;
  }

  async request(method, path, body) {
    const response = await fetch(`${this.apiUrl}/repos/${this.repository}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      const text = (await response.text()).slice(0, 300);
      throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
    }
    return response.status === 204 ? null : response.json();
  }

  /** Every item of a paged list; pick(page) returns the array inside one page's JSON. */
  async all(path, pick = (page) => page) {
    const items = [];
    for (let page = 1; page <= 50; page++) {
      const separator = path.includes('?') ? '&' : '?';
      const batch = pick(await this.request('GET', `${path}${separator}per_page=100&page=${page}`));
      items.push(...batch);
      if (batch.length < 100) {
        return items;
      }
    }
    return items;
  }
}
