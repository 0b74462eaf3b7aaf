"""classic"""
