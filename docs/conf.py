"""Sphinx configuration of the book (`make book`): sphinx-build -c docs . build/book.

The source folder is the repository itself, so that the README, the notebooks and the docs
pages keep their relative links; include_patterns names the pages. The notebooks are read as
committed, executed, and never run here.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "bayestut"
author = "the bayestut authors"
copyright = "2026, the bayestut authors (GPL-3.0-or-later)"

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.mathjax",
              "sphinxcontrib.bibtex", "book_extras"]

root_doc = "README"          # the landing page, with the quick start (copied to index.html)
include_patterns = ["README.md", "ARCHITECTURE.md", "REPRODUCTION.md", "docs/*.md",
                    "data/README.md", "data/blog_study.md", "notebooks/*.ipynb"]
exclude_patterns = ["**/.ipynb_checkpoints"]

nb_execution_mode = "off"    # the committed outputs are the book; `make reproduce` runs them
# Offline whatever a notebook outputs: a Jupyter widget (tqdm.auto's progress bar in Jupyter)
# would make the page load require.js and the widget manager from a CDN. No widget script is
# loaded, and a widget output shows its text fallback.
nb_ipywidgets_js = {}
nb_mime_priority_overrides = [("*", "application/vnd.jupyter.widget-view+json", None),
                              ("*", "application/vnd.jupyter.widget-state+json", None)]
myst_enable_extensions = ["dollarmath", "amsmath", "deflist"]
myst_heading_anchors = 4     # the Markdown pages link each other's sections (#the-exact-engine)
myst_dmath_double_inline = True   # a $$…$$ display inside a paragraph, as Jupyter shows it
suppress_warnings = ["mystnb.unknown_mime_type"]

mathjax_path = "mathjax/tex-svg-full.js"   # copied in by book_extras: no fonts to fetch

bibtex_bibfiles = ["../data/references.bib"]   # relative to docs/
bibtex_default_style = "plain"
bibtex_reference_style = "author_year"

# The API page (docs/api.md): the public face and the classes it returns, from their numpydoc
# docstrings (napoleon reads the Parameters / Returns / Attributes sections).
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"exclude-members": "__init__, __new__"}
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
# Attributes as a field list: a class's properties are also rendered as its members, and
# an `.. attribute::` entry for each would describe them twice (Sphinx warns)
napoleon_use_ivar = True
autodoc_type_aliases = {"ArrayLike": "numpy.typing.ArrayLike"}   # not its expansion

html_theme = "sphinx_book_theme"
html_title = "bayestut"
html_theme_options = {
    "use_download_button": True,
    "show_toc_level": 2,
    "navigation_with_keys": False,
}
# one search box: the header's (the theme's default sidebar adds a second, a field)
html_sidebars = {"**": ["navbar-logo.html", "icon-links.html", "sbt-sidebar-nav.html"]}
html_static_path = ["_static"]
html_css_files = ["book.css"]
html_last_updated_fmt = None
html_show_sourcelink = False
# The theme's light/dark switch starts from this mode (unset, it logs a console error on a
# first visit).
html_context = {"default_mode": "auto"}
