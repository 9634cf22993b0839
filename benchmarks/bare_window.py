"""The baseline of benchmarks.app_start: a bare Kivy window of the same size that draws one frame."""

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")

from kivy.app import App  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402


class Bare(App):
    def build(self):
        def first(*_):
            Window.unbind(on_flip=first)
            print("first_frame", flush=True)
            self.stop()

        Window.bind(on_flip=first)
        return Widget()


if __name__ == "__main__":
    Bare().run()
