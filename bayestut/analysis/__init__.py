"""The analysis of a reader's own results: ``compare`` (two classifiers, every test at once),
``many`` (K classifiers: every pair and a ranking), ``wording`` (the verdict sentences),
``guide`` (settings to report, the rope sweep), ``crossval`` (scikit-learn cross-validation
into the tidy table), ``report`` and ``many_figures`` (the K-classifier HTML report and its
figures) and ``cli`` (``python -m bayestut``).
"""
