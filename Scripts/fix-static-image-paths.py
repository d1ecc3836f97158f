#!/usr/bin/env python3
"""Points the images in the static HTML content at the site's copies.

docc 6.3.1 writes the no-JavaScript HTML (--experimental-transform-for-static-hosting-with-content)
with `src` paths into the catalog it converted (here .build/docs-staging/...), which do not
exist in the site; the JavaScript renderer uses the right ones. This rewrites each such `src`
to the site's own copy under images/<bundle id>/, relative to the page.
Usage: fix-static-image-paths.py SITE
"""
import os
import pathlib
import re
import sys

STAGED = re.compile(r'src="[^"]*/resources/([^"/]+)"')


def main(site):
    site = pathlib.Path(site)
    images = {file.name.lower(): file for file in (site / "images").rglob("*") if file.is_file()}
    fixed = 0
    for page in site.rglob("index.html"):
        text = page.read_text(errors="replace")

        def replace(match):
            image = images.get(match.group(1).lower())
            if image is None:
                return match.group(0)
            return f'src="{os.path.relpath(image, page.parent)}"'

        new = STAGED.sub(replace, text)
        if new != text:
            page.write_text(new)
            fixed += 1
    print(f"fix-static-image-paths: {fixed} pages")


if __name__ == "__main__":
    main(sys.argv[1])
