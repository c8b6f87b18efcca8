vcl 4.1;

# Varnish in front of the server, as a CDN would be (apps/api/src/production/behind-varnish.test.ts,
# docs/decisions/0054). The backend is the test server: its port is set by the test (-p is not
# enough for a backend, so the test writes this file's BACKEND_PORT before loading it).
backend origin {
  .host = "127.0.0.1";
  .port = "BACKEND_PORT";
}

# Purges come only from this machine: the server's CDN_PURGE_URL points here.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  # A Fastly-style purge by surrogate key: `POST` with `Surrogate-Key: key1 key2`. Every stored
  # answer naming one of the keys in its own Surrogate-Key header is banned (the ban lurker
  # removes it; a request meanwhile never gets it).
  if (req.method == "POST" && req.url == "/.cdn-purge") {
    if (!client.ip ~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.Surrogate-Key || req.http.Surrogate-Key !~ "^[A-Za-z0-9_ -]+$") {
      return (synth(400, "Surrogate-Key names the keys to purge"));
    }
    ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(regsuball(req.http.Surrogate-Key, "^ +| +$", ""), " +", "|") + ")(\s|$)");
    return (synth(200, "Purged"));
  }
}

sub vcl_deliver {
  # What the test reads: whether the answer came from the cache.
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The keys are the cache's business, not the visitor's.
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
}
