/* Operator table, signal processing: DFT, STFT, the window generators
 * (Hann, Hamming, Blackman) and MelWeightMatrix.  One row per signature
 * change; rows sorted by name, then since (see ir/opschema.h). */
#include "ir/shape.h"

/* the element types a window or filter bank may be produced in */
#define WINDOW_T (DTS_INT | DTS_FLOAT_BF)

const OpSchema opschema_signal_rows[] = {
    {"BlackmanWindow", "", 17, {17}, .inputs = {P_IN("size", "T1")},
     .outputs = {P_IN("output", "T2")},
     .attrs = {A_INT("output_datatype", "1"), A_INT("periodic", "1")},
     .types = {TV("T1", DTS_INDEX), TV("T2", WINDOW_T)}, .shape = shape_window},
    /* DFT: the axis moves from an attribute to an input at 20 */
    {"DFT", "", 17, {17, 20}, .inputs = {P_IN("input", "T1"), P_OPT("dft_length", "T2")},
     .outputs = {P_IN("output", "T1")},
     .attrs = {A_INT("axis", "1"), A_INT("inverse", "0"), A_INT("onesided", "0")},
     .types = {TV("T1", DTS_FLOAT_BF), TV("T2", DTS_INDEX)}, .shape = shape_dft},
    {"DFT", "", 20, {17, 20},
     .inputs = {P_IN("input", "T1"), P_OPT("dft_length", "T2"), P_OPT("axis", "tensor(int64)")},
     .outputs = {P_IN("output", "T1")}, .attrs = {A_INT("inverse", "0"), A_INT("onesided", "0")},
     .types = {TV("T1", DTS_FLOAT_BF), TV("T2", DTS_INDEX)}, .shape = shape_dft},
    {"HammingWindow", "", 17, {17}, .inputs = {P_IN("size", "T1")},
     .outputs = {P_IN("output", "T2")},
     .attrs = {A_INT("output_datatype", "1"), A_INT("periodic", "1")},
     .types = {TV("T1", DTS_INDEX), TV("T2", WINDOW_T)}, .shape = shape_window},
    {"HannWindow", "", 17, {17}, .inputs = {P_IN("size", "T1")},
     .outputs = {P_IN("output", "T2")},
     .attrs = {A_INT("output_datatype", "1"), A_INT("periodic", "1")},
     .types = {TV("T1", DTS_INDEX), TV("T2", WINDOW_T)}, .shape = shape_window},
    {"MelWeightMatrix", "", 17, {17},
     .inputs = {P_IN("num_mel_bins", "T1"), P_IN("dft_length", "T1"), P_IN("sample_rate", "T1"),
                P_IN("lower_edge_hertz", "T2"), P_IN("upper_edge_hertz", "T2")},
     .outputs = {P_IN("output", "T3")}, .attrs = {A_INT("output_datatype", "1")},
     .types = {TV("T1", DTS_INDEX), TV("T2", DTS_FLOAT_BF), TV("T3", WINDOW_T)},
     .shape = shape_mel_weight_matrix},
    {"STFT", "", 17, {17},
     .inputs = {P_IN("signal", "T1"), P_IN("frame_step", "T2"), P_OPT("window", "T1"),
                P_OPT("frame_length", "T2")},
     .outputs = {P_IN("output", "T1")}, .attrs = {A_INT("onesided", "1")},
     .types = {TV("T1", DTS_FLOAT_BF), TV("T2", DTS_INDEX)}, .shape = shape_stft},
};

const int opschema_signal_count = sizeof opschema_signal_rows / sizeof opschema_signal_rows[0];
