# This file holds nothing but comments
    # even indented ones

#
