#!/usr/bin/env python3
# -*- coding: cp1251 -*-
x = "Привет"
