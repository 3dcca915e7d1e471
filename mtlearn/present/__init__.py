"""What a seat is shown: the JSON view of a position, texts in plain words, and HTML.

:mod:`~mtlearn.present.perspective` decides what one seat may see, and every text passes
through it; :mod:`~mtlearn.present.view` builds the JSON a board draws;
:mod:`~mtlearn.present.htmlout` assembles the front end (``mtlearn/static/``) into a page.
``present`` imports ``core``, ``engine`` and ``play`` (the coach's hints) and the standard
library only.
"""
