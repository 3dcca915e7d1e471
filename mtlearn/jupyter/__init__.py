"""The notebook boards: anywidget classes whose front end is ``mtlearn/static/``.

The only layer that imports anywidget and traitlets; it sits on ``hosts`` (a widget is a
board session with a model). anywidget is an optional extra: ``pip install "mtlearn[jupyter]"``
(it brings the ``content`` extra, PyYAML, too).
"""
