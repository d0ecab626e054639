// A developer's proxy settings would send nock-intercepted requests to the proxy instead.
for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'])
  delete process.env[name]
