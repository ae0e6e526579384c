"""Static files: the production storage remembers hashed URLs, and they stay right."""

from django.contrib.staticfiles.storage import staticfiles_storage
from whitenoise.storage import CompressedManifestStaticFilesStorage

from config.storage import CompressedManifestStaticFilesStorageWithCachedUrls


def test_production_uses_the_storage_that_remembers_urls():
    staticfiles_storage.url("css/site.css")
    assert isinstance(
        staticfiles_storage._wrapped, CompressedManifestStaticFilesStorageWithCachedUrls
    )


def test_remembered_urls_are_the_manifests_hashed_names():
    plain = CompressedManifestStaticFilesStorage()
    cached = CompressedManifestStaticFilesStorageWithCachedUrls()
    for name in ("css/site.css", "js/site.js", "css/site.css"):
        assert cached.url(name) == plain.url(name)
        assert cached.url(name) != f"/static/{name}"  # hashed
