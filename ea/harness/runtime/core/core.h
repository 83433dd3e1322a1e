// The language layer: MQL's types and the functions that need no terminal.
#pragma once
#include "types.h"
#include "string.h"
#include "array.h"
#include "functions.h"
#include "inputs.h"
