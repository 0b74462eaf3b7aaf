"""The web's HTTP room: what every request meets around the routes, one module a job.

The middleware, outermost first as :func:`..app.create_app` stacks it (each one a class
configured by its constructor, in Starlette's manner; ``SECURITY.md`` has the promises):

=======================  ===============================================================
:mod:`.delivery`         gzip compression of every answer; the page's files, revalidated
:mod:`.headers`          the Content-Security-Policy and the other security headers
:mod:`.hosts`            only the host names the server answers to (421 ``unknown_host``)
:mod:`.cross_site`       no state-changing request from another site (403), JSON bodies
                         only (415)
:mod:`.body_limit`       no body over its size limit (413 ``too_large``), while reading
:mod:`.language`         the language of the request, for everything answering it
:mod:`.quotas`           multi-player mode: how fast a client may create players, games,
                         layouts, test plays and history imports (429
                         ``too_many_requests`` with ``Retry-After``)
=======================  ===============================================================

And the answers:

=======================  ===============================================================
:mod:`.errors`           :class:`~.errors.ErrorCode`, the one table of the API's errors,
                         and the error object
:mod:`.error_handlers`   every exception a request meets becomes the error object
:mod:`.refusal`          the error object of a middleware refusing a request
:mod:`.uploads`          reading a file upload no further than its limit
:mod:`.clients`          who sends a request (cookie and address), for the fair-share
                         limits
=======================  ===============================================================
"""
