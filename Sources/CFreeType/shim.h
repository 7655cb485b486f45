#pragma once
// Debian's libfreetype-dev (pkg-config "freetype2" adds -I/usr/include/freetype2).
// TextEngine only calls FreeType while loading a font: see FontFace+Loading.swift.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H
