"""Where a board's intents are answered: board sessions, the JSON session host (the in-page
engine's worker calls it), and standalone HTML pages.

``hosts`` imports every layer below it and the standard library only, so the same code
answers in a kernel, in Pyodide and in a page built ahead of time.
"""
