"""Teaching content read from files: scenarios (scripted positions replayed by the engine)
and puzzles (a task on a position, judged by the engine), with their typed readers.

The bundled files live in ``mtlearn/scenarios/`` and ``mtlearn/puzzles/``. ``content``
imports the layers below it (``core``, ``engine``, ``play``, ``present``); it is the only
layer that imports PyYAML, lazily, to read YAML files: PyYAML is the optional ``content`` extra
(``pip install "mexican-train-learn[content]"``), and reading a YAML file without it raises a
:class:`~mtlearn.MtlearnError` that says what to install.
"""
