from x import
from x import a,
import a as
import .x
