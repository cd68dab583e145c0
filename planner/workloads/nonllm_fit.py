"""Constants of the non-LLM workload model, fitted on planner/workloads/nonllm_cases.yaml
by ``python -m planner.workloads.nonllm --write`` (do not edit: a test checks they are
current). Meaning and sources: planner/workloads/nonllm.py, docs/workloads-nonllm.md."""

# (model, mode, device class) -> samples/s per peak INT8 TOPS (infer) or FP16 TFLOPS (train),
# or per GB/s of memory bandwidth (memory-bound models)
K: dict[tuple[str, str, str], float] = {
    ('3d-unet', 'infer', 'cpu'): 0.002170767820318538,
    ('3d-unet', 'infer', 'gpu'): 0.0019049058394521878,
    ('dlrm-dcnv2', 'infer', 'cpu'): 10.537977756611397,
    ('dlrm-dcnv2', 'infer', 'gpu'): 23.12034929311256,
    ('resnet-50', 'infer', 'cpu'): 47.70950050695462,
    ('resnet-50', 'infer', 'gpu'): 49.20755798682351,
    ('resnet-50', 'train', 'gpu'): 8.717797887081346,
    ('retinanet', 'infer', 'cpu'): 0.6800277975575378,
    ('retinanet', 'infer', 'gpu'): 0.9140237249474626,
    ('ssd300', 'train', 'gpu'): 2.44868772862276,
}
DP_EFFICIENCY = 0.9160402216254713
XGB_CPU_NS = 13.518680960543781
XGB_SERIAL = 0.131
XGB_GPU_NS = 51.28042529735661
XGB_GPU_FIXED_S = 1.0734982259991592
# published rows behind each constant
ROWS: dict[str, int] = {
    '3d-unet/infer/cpu': 3,
    '3d-unet/infer/gpu': 2,
    'dlrm-dcnv2/infer/cpu': 2,
    'dlrm-dcnv2/infer/gpu': 2,
    'dp_efficiency': 4,
    'resnet-50/infer/cpu': 2,
    'resnet-50/infer/gpu': 4,
    'resnet-50/train/gpu': 2,
    'retinanet/infer/cpu': 2,
    'retinanet/infer/gpu': 4,
    'ssd300/train/gpu': 2,
    'xgboost/cpu': 8,
    'xgboost/gpu': 8,
}
# the model's uncertainty per family: median absolute leave-one-out error of its cases
BANDS: dict[str, float] = {
    'recommendation/infer': 0.4029,
    'vision/infer': 0.1675,
    'vision/train': 0.1205,
    'xgboost': 0.112,
}
