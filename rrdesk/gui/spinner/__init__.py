"""The spinner: the wheel the respondent spins, and everything that draws a wheel.

- :mod:`~rrdesk.gui.spinner.widget`: ``SpinnerWidget``, the animated wheel (the one Qt widget)
- :mod:`~rrdesk.gui.spinner.style`: colours, textures and signs of each kind of sector
- :mod:`~rrdesk.gui.spinner.layout`: the wheel's geometry and labels for a given size
- :mod:`~rrdesk.gui.spinner.paint`: painting a laid-out wheel
- :mod:`~rrdesk.gui.spinner.path`: the pointer's path (the same for every outcome)
- :mod:`~rrdesk.gui.spinner.timing`: the animation's clock

This face imports nothing: the explanation's pictures, the answer buttons' marks and the first
window need the style and the path without the animated widget, and a module is loaded only
where it is named.
"""
