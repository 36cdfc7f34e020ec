# A reference shared-cache configuration for this site, for Varnish 7.1 (the engine behind
# Fastly). The origin's headers already say what may be shared and for how long; this file adds
# what a cache cannot guess (decision 019):
# - the cache key: the path (the landing pages, the 54 segment pages and the rest alike, decision
#   054: no rule here names a page), and of the query only what changes the page: the calculator's
#   `leads` and `interactions`, `v` (the ad's message-match variant, decision 056: the origin
#   answers a known code with that variant and anything else with the clean page's bytes, so its
#   objects are bounded by what the marketers wrote, as long as nobody floods it with random codes:
#   see docs/deploying.md), `xa` (an experiment's arm, issue 37: a valid token is that arm's page,
#   public until midnight like `v`; anything else the clean page's bytes), and `lang` (old language
#   links, which the origin answers or redirects). An experiment's arrival (its page without `xa`) is
#   drawn at the origin and answered `private, no-store`: the built-in logic makes it a hit-for-miss,
#   so every arrival reaches the origin and is counted there. Every other parameter (utm_*, gclid, gbraid, wbraid, gad_source, gad_campaignid,
#   fbclid, ttclid, msclkid, anything) is dropped from the key AND from the request to the origin,
#   so an ad click is a hit on the clean URL's object; a redirect gets those parameters back on
#   delivery, as the origin would have kept them;
# - one object per encoding the origin sends (br, gzip or none) instead of one per Accept-Encoding
#   spelling, and per scheme (the origin redirects plain HTTP to HTTPS);
# - the origin's s-maxage as TTL and stale-while-revalidate as grace, exactly: no grace it did not
#   give (Varnish's default 10 s would serve an error page past the midnight its max-age ends at);
# - /healthz, /api/ (the outcomes API and Google Ads' conversion file), /sales (every sales link: its
#   `page`, `v`, `xa`, `plan`, utm and click identifiers are the lead) and /leads* (the marketer's report:
#   `from`, `to`, `by`) always go to the origin, query and all, untouched and never cached;
# - a redirect gets held-back parameters back only when it stays on the site (a path, or this
#   Host): never a redirect to WhatsApp, e-mail or any other site; no cookies in either direction.
vcl 4.1;

import std;

# The origin (the site's PORT). The tests point these two lines at the server they start.
backend default {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = {
        .url = "/healthz";
        .interval = 5s;
        .timeout = 2s;
        .window = 5;
        .threshold = 3;
        .initial = 3;
    }
}

sub vcl_recv {
    # Set here only, from the request: a client cannot supply them.
    unset req.http.X-Ignored-Query;
    unset req.http.X-Encoding;

    # Health checks are the origin's to answer, every time (it sends no-store anyway).
    if (req.url ~ "(?i)^/healthz/?(\?|$)") {
        return (pass);
    }

    # The lead ledger's API (decision 066): private answers, authorised per request, its own
    # query (from, to): to the origin untouched, never cached.
    if (req.url ~ "^/api/") {
        return (pass);
    }

    # Sales links (decision 069) and the marketer's report (decision 072): each answer is one
    # visitor's or behind a password, and its whole query is what it acts on (a sales link without
    # `page` is a 400; the report without `from`/`to`/`by` another period). Passed untouched, never
    # cached, whatever the spelling (the origin redirects other spellings itself). Decision 088.
    if (req.url ~ "(?i)^/(sales|leads)([/?.]|$)") {
        return (pass);
    }

    # The site neither sets nor reads cookies; one set by another script on the domain must not
    # make every page uncacheable (the built-in logic passes requests that carry one).
    unset req.http.Cookie;

    # The query: keep leads, interactions, v, lang and xa, in their order; set the rest aside.
    if (req.url ~ "\?") {
        set req.http.X-Query = regsub(req.url, "^[^?]*\?", "&");
        set req.http.X-Ignored-Query = regsuball(
            regsuball(req.http.X-Query, "&(?:leads|interactions|lang|v|xa)(?=[=&]|$)[^&]*", ""),
            "&(?=&|$)", "");
        set req.url = regsub(req.url, "\?.*$", "") + regsub(
            regsuball(req.http.X-Query, "&(?!(?:leads|interactions|lang|v|xa)(?:[=&]|$))[^&]*", ""),
            "^&", "?");
        unset req.http.X-Query;
        if (req.http.X-Ignored-Query == "") {
            unset req.http.X-Ignored-Query;
        }
    }

    # The encoding the origin will send for this client: brotli, gzip or none (the origin
    # prefers them in that order; a q of 0 refuses one).
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(;\s*q=(1(\.0*)?|0?\.\d*[1-9]\d*)\s*)?(,|$)") {
        set req.http.X-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)\s*gzip\s*(;\s*q=(1(\.0*)?|0?\.\d*[1-9]\d*)\s*)?(,|$)") {
        set req.http.X-Encoding = "gzip";
    } else {
        set req.http.X-Encoding = "identity";
    }

    # The scheme the visitor used, as the TLS-terminating router says (anything else is http).
    if (req.http.X-Forwarded-Proto ~ "(?i)^https$") {
        set req.http.X-Forwarded-Proto = "https";
    } else {
        set req.http.X-Forwarded-Proto = "http";
    }
}

sub vcl_hash {
    hash_data(req.http.X-Encoding);
    hash_data(req.http.X-Forwarded-Proto);
    # The built-in vcl_hash follows: the URL (already without ignored parameters) and the Host.
}

sub vcl_backend_fetch {
    # Ask the origin for exactly the encoding this object is kept for (Varnish would otherwise
    # ask for gzip on every miss, whatever the client accepts).
    if (bereq.http.X-Encoding == "identity") {
        unset bereq.http.Accept-Encoding;
    } else {
        set bereq.http.Accept-Encoding = bereq.http.X-Encoding;
    }
    unset bereq.http.X-Encoding;
    unset bereq.http.X-Ignored-Query;
}

sub vcl_backend_response {
    # The site sets no cookie; a shared response must never carry one.
    unset beresp.http.Set-Cookie;

    if (bereq.uncacheable) {
        return (deliver);
    }

    # Grace is the origin's stale-while-revalidate and nothing more.
    if (beresp.http.Cache-Control ~ "(?i)stale-while-revalidate=\d+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "(?i)^.*stale-while-revalidate=(\d+).*$", "\1") + "s", 0s);
    } else {
        set beresp.grace = 0s;
    }
}

sub vcl_deliver {
    # The origin's redirects keep every query parameter; it never saw the ignored ones, so they
    # are put back here, per client (the redirect itself is shared).
    # Before any #fragment: the segment pages' parent path redirects to the landing page's
    # `#industries` (decision 054), and a query after the fragment would be part of it.
    # Only a redirect that stays on the site (a path, or an absolute URL on this Host, with or
    # without `www.`, as the origin's HTTPS redirect to SITE_URL's host may add it): a
    # visitor's gclid or fbclid never goes to WhatsApp, an e-mail or another site (decision 088).
    if (req.http.X-Ignored-Query && resp.status >= 300 && resp.status < 400 && resp.http.Location
        && (resp.http.Location ~ "^/(?![/\\])"
            || (resp.http.Location ~ "^(?i)https?://"
                && regsub(std.tolower(regsub(resp.http.Location, "^(?i)https?://([^/?#]*).*$", "\1")), "^www\.", "")
                    == regsub(std.tolower(req.http.Host), "^www\.", "")))) {
        if (resp.http.Location ~ "^[^#]*\?") {
            set resp.http.Location = regsub(resp.http.Location, "^([^#]*)", "\1" + req.http.X-Ignored-Query);
        } else {
            set resp.http.Location = regsub(resp.http.Location, "^([^#]*)",
                "\1" + regsub(req.http.X-Ignored-Query, "^&", "?"));
        }
    }
}
