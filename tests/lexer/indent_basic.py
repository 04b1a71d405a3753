# Nested blocks, dedents of several levels at once, and blank and
# comment-only lines at every indentation: they never produce tokens.
class A:

    def f(self, x):
        if x:
            return 1
  # a comment at an odd column
        elif x is None:

            pass
                # deeper comment
        else:
            while x:
                x -= 1
    # comment at the method level
        return 0
    
    def g(self):
        pass
y = 2
