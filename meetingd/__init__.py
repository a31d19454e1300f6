"""Entry points only: ``cli`` (the ``meetingd`` command), ``serve`` (the daemon: live service +
web app on uvicorn), ``replay`` (a recorded meeting through the live paths; ``meetingd eval``),
``listen`` (the local microphone into a running daemon). ``scoring`` is the eval command's pure
scorer (DESIGN §9). Everything these run lives in ``live/`` and below.
"""
