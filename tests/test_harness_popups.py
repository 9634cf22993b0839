"""A popup left open by one test module never covers the next module's app (the Kivy window outlives apps)."""

from tests.support import app_harness

def test_a_popup_left_open_is_gone_when_the_harness_closes(tmp_path):
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    from kivy.uix.popup import Popup
    from kivy.uix.label import Label
    with app_harness(tmp_path) as h:
        Popup(title="x", content=Label(text="left open")).open(animation=False)
        h.pump(3)
        assert any(isinstance(c, ModalView) for c in Window.children)
    assert not any(isinstance(c, ModalView) for c in Window.children)
