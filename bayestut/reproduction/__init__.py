"""The reproduction of the papers: ``paper`` (every published number, typed once and only ever
compared with), ``scorecard`` (published beside reproduced, with tolerance and verdict),
``blog_study`` and ``examples`` (the blog's study and TR 413's example), ``reproduce``
(``make reproduce``: every notebook through papermill, then the scorecards gathered), and
``versions`` (what a notebook ran with, printed at its end).
"""
